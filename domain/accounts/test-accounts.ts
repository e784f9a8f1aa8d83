import { decideAccount, evolveAccount, initialAccountState, type AccountCommand } from './decider';
import type { AccountState } from './state';

/** Ann signs up (user u1, no partner): the account the account unit tests start from. */
export const registerAnn = (at: string): Extract<AccountCommand, { type: 'RegisterAccount' }> => ({
  type: 'RegisterAccount',
  userId: 'u1',
  email: 'ann@example.com',
  passwordHash: '$scrypt$x',
  partner: null,
  at,
});

/** The account's state after the commands, each decided on what the ones before left. */
export function given(...commands: AccountCommand[]): AccountState {
  return commands.reduce((s, c) => decideAccount(c, s).reduce(evolveAccount, s), initialAccountState());
}
