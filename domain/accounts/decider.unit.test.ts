import { describe, expect, it } from 'vitest';
import {
  admitsEntry,
  unsubscribeLinkWorks,
  decideAccount,
  evolveAccount,
  initialAccountState,
  type AccountCommand,
} from './decider';
import { emailClaimDecider } from './email-claim';
import { given, registerAnn } from './test-accounts';

const at = '2026-11-23T10:00:00.000Z';
const register = registerAnn(at);

const threshold = (t: number | null): AccountCommand => ({ type: 'SetCreditThreshold', threshold: t, at });
const balance = (b: number): AccountCommand => ({ type: 'ObserveBalance', balance: b, at });
const notices = (commands: AccountCommand[]) => {
  let state = initialAccountState();
  let sent = 0;
  for (const c of commands) {
    const events = decideAccount(c, state);
    sent += events.filter((e) => e.type === 'LowCreditNoticeSent').length;
    state = events.reduce(evolveAccount, state);
  }
  return sent;
};

describe('account rules', () => {
  it('registers an account once; the same registration again changes nothing', () => {
    const state = given(register);
    expect(state).toMatchObject({ status: 'registered', email: 'ann@example.com', isAdmin: false });
    expect(decideAccount(register, state)).toEqual([]);
    expect(() => decideAccount({ ...register, userId: 'u2' }, state)).toThrow(/already registered/);
  });

  it('refuses every change to an account that was never registered', () => {
    expect(() => decideAccount(threshold(5), initialAccountState())).toThrow(/no such account/);
    expect(() =>
      decideAccount({ type: 'GrantAdmin', reason: 'script', at }, initialAccountState()),
    ).toThrow();
  });

  it('grants admin once, whatever the reason', () => {
    const state = given(register, { type: 'GrantAdmin', reason: 'admin_emails', at });
    expect(state).toMatchObject({ isAdmin: true });
    expect(decideAccount({ type: 'GrantAdmin', reason: 'script', at }, state)).toEqual([]);
  });

  it('accepts a threshold of zero or more whole credits, or none', () => {
    expect(given(register, threshold(0))).toMatchObject({ creditThreshold: 0 });
    expect(given(register, threshold(10), threshold(null))).toMatchObject({ creditThreshold: null });
    for (const bad of [-1, 2.5])
      expect(() => decideAccount(threshold(bad), given(register))).toThrow(/whole number/);
  });

  it('sends one low-credit notice when the balance falls below the threshold, not one per lookup', () => {
    expect(notices([register, threshold(10), balance(11), balance(9), balance(8), balance(7)])).toBe(1);
  });

  it('sends another notice only after the balance rose to the threshold and fell below again', () => {
    expect(notices([register, threshold(10), balance(9), balance(50), balance(9), balance(8)])).toBe(2);
  });

  it('sends no notice without a threshold or after unsubscribing', () => {
    expect(notices([register, balance(0)])).toBe(0);
    expect(
      notices([register, threshold(10), { type: 'UnsubscribeCreditNotifications', at }, balance(1)]),
    ).toBe(0);
  });

  it('records unsubscribing once', () => {
    const state = given(register, { type: 'UnsubscribeCreditNotifications', at });
    expect(decideAccount({ type: 'UnsubscribeCreditNotifications', at }, state)).toEqual([]);
  });

  it('turns the threshold off when the user unsubscribes by e-mail, remembering it to offer it back', () => {
    const unsubscribe: AccountCommand = { type: 'UnsubscribeCreditNotifications', at };
    expect(given(register, threshold(100), unsubscribe)).toMatchObject({
      creditThreshold: null,
      notificationsUnsubscribed: true,
      thresholdBeforeUnsubscribe: 100,
    });
  });

  it('turns notifications back on when a threshold is set again after unsubscribing', () => {
    const unsubscribe: AccountCommand = { type: 'UnsubscribeCreditNotifications', at };
    const back = given(register, threshold(100), unsubscribe, threshold(100));
    expect(back).toMatchObject({
      creditThreshold: 100,
      notificationsUnsubscribed: false,
      thresholdBeforeUnsubscribe: null,
    });
    expect(notices([register, threshold(100), unsubscribe, threshold(100), balance(5)])).toBe(1);
    expect(given(register, threshold(100), unsubscribe, threshold(null))).toMatchObject({
      notificationsUnsubscribed: true,
      thresholdBeforeUnsubscribe: 100,
    });
  });

  it('lets one account claim an address and refuses it to every other', () => {
    const claim = (userId: string) => ({ type: 'ClaimEmail' as const, userId, at });
    const state = emailClaimDecider
      .decide(claim('u1'), emailClaimDecider.initialState())
      .reduce(emailClaimDecider.evolve, emailClaimDecider.initialState());
    expect(emailClaimDecider.decide(claim('u1'), state)).toEqual([]);
    expect(() => emailClaimDecider.decide(claim('u2'), state)).toThrow(
      'An account with this e-mail already exists.',
    );
  });

  it('lets a new registration take over an address whose first registration died before recording its account', () => {
    const claimed = emailClaimDecider
      .decide(
        { type: 'ClaimEmail', userId: 'u1', at: '2026-11-22T10:00:00.000Z' },
        emailClaimDecider.initialState(),
      )
      .reduce(emailClaimDecider.evolve, emailClaimDecider.initialState());
    const later = { type: 'ClaimEmail' as const, userId: 'u2', at: '2026-11-22T10:02:00.000Z' };
    expect(emailClaimDecider.decide({ ...later, holderHasAccount: false }, claimed)).toEqual([
      { type: 'EmailClaimed', data: { userId: 'u2', at: later.at } },
    ]);
    expect(() => emailClaimDecider.decide({ ...later, holderHasAccount: true }, claimed)).toThrow(
      'already exists',
    );
  });

  it('never takes over a claim young enough to belong to a registration still in progress', () => {
    const claimed = emailClaimDecider
      .decide(
        { type: 'ClaimEmail', userId: 'u1', at: '2026-11-22T10:00:00.000Z' },
        emailClaimDecider.initialState(),
      )
      .reduce(emailClaimDecider.evolve, emailClaimDecider.initialState());
    const soon = {
      type: 'ClaimEmail' as const,
      userId: 'u2',
      at: '2026-11-22T10:00:30.000Z',
      holderHasAccount: false,
    };
    expect(() => emailClaimDecider.decide(soon, claimed)).toThrow('already exists');
  });

  it('admits entry to a registered account only, never to a deleted one or one that never was', () => {
    const deleted = given(register, { type: 'DeleteAccount', portalIds: [], subscriptionActive: false, at });
    expect(admitsEntry(given(register))).toBe(true);
    expect(admitsEntry(deleted)).toBe(false);
    expect(admitsEntry(initialAccountState())).toBe(false);
  });

  it('lets an unsubscribe link work for 90 days, and not a moment longer', () => {
    const issued = Date.parse(at);
    expect(unsubscribeLinkWorks(issued, issued + 90 * 86_400_000)).toBe(true);
    expect(unsubscribeLinkWorks(issued, issued + 90 * 86_400_000 + 1)).toBe(false);
  });
});
