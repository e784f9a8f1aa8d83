import { describe, expect, it } from 'vitest';
import { decideAccount, evolveAccount, initialAccountState, type AccountCommand } from './decider';
import { accountSnapshot } from './snapshot';

const at = '2026-11-22T10:00:00.000Z';
const history: AccountCommand[] = [
  { type: 'RegisterAccount', userId: 'u-1', email: 'a@example.com', passwordHash: 'h', partner: null, at },
  { type: 'GrantAdmin', reason: 'script', at },
  { type: 'SetCreditThreshold', threshold: 10, at },
  { type: 'ObserveBalance', balance: 3, at },
  { type: 'UnsubscribeCreditNotifications', at },
];

const roundTrip = (data: Record<string, unknown>) => accountSnapshot.decode(JSON.parse(JSON.stringify(data)));

describe('account snapshots', () => {
  it('bring back exactly the account they were taken of, at every step of its history', () => {
    let state = initialAccountState();
    expect(roundTrip(accountSnapshot.encode(state))).toEqual(state);
    for (const command of history) {
      state = decideAccount(command, state).reduce(evolveAccount, state);
      expect(roundTrip(accountSnapshot.encode(state))).toEqual(state);
    }
    expect(state).toMatchObject({ isAdmin: true, creditThreshold: null, thresholdBeforeUnsubscribe: 10 });
  });

  it('are not taken for one when the stored data has another shape', () => {
    const registered = accountSnapshot.encode(
      history
        .slice(0, 1)
        .reduce((s, c) => decideAccount(c, s).reduce(evolveAccount, s), initialAccountState()),
    );
    for (const data of [
      null,
      { status: 'gone' },
      { ...registered, email: 5 },
      { ...registered, isAdmin: 'yes' },
      { ...registered, creditThreshold: 2.5 },
      { ...registered, thresholdBeforeUnsubscribe: '10' },
      { ...registered, partner: undefined },
    ]) {
      expect(accountSnapshot.decode(data)).toBeUndefined();
    }
  });
});
