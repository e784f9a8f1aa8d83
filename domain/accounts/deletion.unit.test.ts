import { describe, expect, it } from 'vitest';
import { personalData } from '../personal-data';
import { userSubject } from '../eventstore/personal-data';
import { decideAccount, initialAccountState, type AccountCommand } from './decider';
import { emailClaimDecider } from './email-claim';
import { accountSnapshot } from './snapshot';
import { erasedEmail } from './personal-data';
import { given, registerAnn } from './test-accounts';

const at = '2026-11-28T10:00:00.000Z';
const register = registerAnn(at);
const deletion = (subscriptionActive = false): AccountCommand => ({
  type: 'DeleteAccount',
  portalIds: ['p1'],
  subscriptionActive,
  at,
});

describe('deleting an account', () => {
  it('records the deletion with the portals whose keys go with it, and keeps nothing of the person', () => {
    expect(decideAccount(deletion(), given(register))).toEqual([
      { type: 'AccountDeleted', data: { userId: 'u1', portalIds: ['p1'], at } },
    ]);
    expect(given(register, deletion())).toEqual({ status: 'deleted', userId: 'u1', deletedAt: at });
  });

  it('refuses while a subscription still bills the account', () => {
    expect(() => decideAccount(deletion(true), given(register))).toThrow(
      /subscription could not be cancelled/,
    );
  });

  it('deletes once: a second deletion changes nothing', () => {
    expect(decideAccount(deletion(), given(register, deletion()))).toEqual([]);
  });

  it('refuses every other command on a deleted account, and registering its id again', () => {
    const deleted = given(register, deletion());
    expect(() =>
      decideAccount({ type: 'ChangePassword', passwordHash: 'h', via: 'change', at }, deleted),
    ).toThrow();
    expect(() => decideAccount(register, deleted)).toThrow(/already registered/);
    expect(decideAccount({ type: 'ObserveBalance', balance: 0, at }, deleted)).toEqual([]);
  });

  it('refuses to delete an account that does not exist', () => {
    expect(() => decideAccount(deletion(), initialAccountState())).toThrow(/no such account/);
  });

  it('keeps a deleted account through a snapshot', () => {
    const deleted = given(register, deletion());
    expect(accountSnapshot.decode(JSON.parse(JSON.stringify(accountSnapshot.encode(deleted))))).toEqual(
      deleted,
    );
  });
});

describe('releasing an e-mail address', () => {
  const claim = { type: 'ClaimEmail' as const, userId: 'u1', at };
  const claimed = emailClaimDecider
    .decide(claim, emailClaimDecider.initialState())
    .reduce(emailClaimDecider.evolve, emailClaimDecider.initialState());

  it('frees the address of a deleted account for a new registration', () => {
    const released = emailClaimDecider
      .decide({ type: 'ReleaseEmail', userId: 'u1', at }, claimed)
      .reduce(emailClaimDecider.evolve, claimed);
    expect(released.userId).toBeNull();
    expect(emailClaimDecider.decide({ type: 'ClaimEmail', userId: 'u2', at }, released)).toEqual([
      { type: 'EmailClaimed', data: { userId: 'u2', at } },
    ]);
  });

  it("leaves another account's claim alone", () => {
    expect(emailClaimDecider.decide({ type: 'ReleaseEmail', userId: 'u9', at }, claimed)).toEqual([]);
  });
});

describe('personal data of accounts and lookups', () => {
  const declared = (type: string) => personalData[type]!;

  it("keeps the address and the password hash under the person's key, and names what they read as once erased", () => {
    const data = {
      userId: 'u1',
      email: 'ann@example.com',
      passwordHash: 'h',
      partner: null,
      registeredAt: at,
    };
    const registered = declared('AccountRegistered');
    expect(registered.subject('account-u1', data)).toBe(userSubject('u1'));
    expect(registered.fields.email!(data)).toBe(erasedEmail('u1'));
    expect(registered.fields.passwordHash!(data)).toBe('');
    expect(declared('PasswordChanged').subject('account-u1', {})).toBe(userSubject('u1'));
  });

  it("keeps a lookup's ZIP, filled values and the values they replaced under the payer's key, and a request's under its portal's", () => {
    expect(declared('LookupSucceeded').subject('credits-u1', {})).toBe(userSubject('u1'));
    expect(Object.keys(declared('LookupSucceeded').fields)).toEqual(['zip', 'filled', 'before']);
    expect(declared('LookupRequested').subject('lookup-p1-e1', { portalId: 'p1' })).toBe('portal:p1');
  });

  it("keeps a workflow execution's ZIP, outputs and what it filled and replaced under its portal's key, and an erased one records nothing on a retry", () => {
    const answered = declared('WorkflowActionAnswered');
    expect(answered.subject('lookup-p1-workflow-c1', { portalId: 'p1' })).toBe('portal:p1');
    expect(Object.keys(answered.fields)).toEqual(['zip', 'outputs', 'settlement']);
    expect(answered.fields.zip!({})).toBe('');
    expect(answered.fields.outputs!({})).toMatchObject({
      city: '',
      county: '',
      outcome: 'portal_not_connected',
    });
    expect(answered.fields.settlement!({})).toEqual({ kind: 'none' });
  });

  it('erases to an address no one can sign in with', () => {
    expect(erasedEmail('u1')).not.toContain('@');
  });
});
