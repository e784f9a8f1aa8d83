import type { AccountCommand } from '../../domain/accounts/decider';
import type { AccountEvent } from '../../domain/accounts/events';
import type { AccountState } from '../../domain/accounts/state';
import type { CommandHandler } from '../eventsourcing/command-handler';

/** Decides and records what happens to one account (its own module: the auth gate and the account services both use it). */
export type AccountHandler = CommandHandler<AccountState, AccountCommand, AccountEvent>;
