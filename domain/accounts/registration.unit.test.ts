import { describe, expect, it } from 'vitest';
import { emailClaimDecider, hasSignupBonus, legacyClaim, type EmailClaimCommand } from './email-claim';
import { registrationMessage } from './registration';

const at = '2026-11-26T10:00:00.000Z';
const given = (...commands: EmailClaimCommand[]) =>
  commands.reduce(
    (s, c) => emailClaimDecider.decide(c, s).reduce(emailClaimDecider.evolve, s),
    emailClaimDecider.initialState(),
  );
const claim = (userId: string): EmailClaimCommand => ({ type: 'ClaimEmail', userId, at });
const bonus = (userId: string): EmailClaimCommand => ({ type: 'ClaimSignupBonus', userId, at });
const release = (userId: string): EmailClaimCommand => ({ type: 'ReleaseEmail', userId, at });

describe('the sign-up bonus is granted once per address, ever', () => {
  it('grants the first account of an address its bonus, and again to the same account on a retry', () => {
    expect(hasSignupBonus(given(claim('u1'), bonus('u1')), 'u1')).toBe(true);
    expect(hasSignupBonus(given(claim('u1'), bonus('u1'), bonus('u1')), 'u1')).toBe(true);
  });

  it('refuses it to a new account of an address whose deleted account had it', () => {
    const state = given(claim('u1'), bonus('u1'), release('u1'), claim('u2'), bonus('u2'));
    expect(state.userId).toBe('u2');
    expect(hasSignupBonus(state, 'u2')).toBe(false);
  });

  it('counts an account released before this rule as having had it (every registration got one)', () => {
    expect(hasSignupBonus(given(claim('u1'), release('u1'), claim('u2'), bonus('u2')), 'u2')).toBe(false);
  });

  it('refuses it to anyone but the holder of the address', () => {
    expect(() => emailClaimDecider.decide(bonus('u2'), given(claim('u1')))).toThrow();
  });

  it('carries a legacy claim over with its holder, and the bonus its holder had', () => {
    const legacy = given(claim('u1'));
    const moved = given({ type: 'AdoptLegacyClaim', legacy: legacyClaim(legacy), at });
    expect(moved).toMatchObject({ userId: 'u1', bonusReceived: true });
    expect(
      emailClaimDecider.decide({ type: 'AdoptLegacyClaim', legacy: legacyClaim(legacy), at }, moved),
    ).toEqual([]);
  });

  it('tells an account without the bonus that it starts at 0 credits, instead of promising free ones', () => {
    expect(registrationMessage(0, false)).toContain('starts with 0 credits');
    expect(registrationMessage(0, false)).not.toContain('awarded');
    expect(registrationMessage(50, true)).toBe(
      "Registration successful! You've been awarded 50 free credits.",
    );
  });
});
