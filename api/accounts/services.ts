import { accountDecider } from '../../domain/accounts/decider';
import {
  emailClaimDecider,
  type EmailClaimCommand,
  type EmailClaimState,
} from '../../domain/accounts/email-claim';
import type { EmailClaimEvent } from '../../domain/accounts/events';
import type { EventStore } from '../../domain/eventstore/types';
import type { Sessions, Clock } from '../auth/sessions';
import type { AccountGate } from '../auth/gate';
import type { AccountHandler } from './handler';
import type { PasswordHasher } from '../auth/passwords';
import { CommandHandler } from '../eventsourcing/command-handler';
import type { Snapshots } from '../eventsourcing/snapshots';
import type { CreditsHandler } from '../credits/handler';
import type { PartnerProgram } from '../settings';

export type EmailClaimHandler = CommandHandler<EmailClaimState, EmailClaimCommand, EmailClaimEvent>;

/** What the account services work with; built once per process by createSystem. */
export interface AccountsDeps {
  accounts: AccountHandler;
  emailClaims: EmailClaimHandler;
  credits: CreditsHandler;
  hasher: PasswordHasher;
  sessions: Sessions;
  /** The one check every way into an account makes. */
  gate: AccountGate;
  /** Names an address's claim stream (addressDigester). */
  addressDigest: (normalisedEmail: string) => string;
  now: Clock;
  newId: () => string;
  adminEmails: readonly string[];
  partnerPrograms: readonly PartnerProgram[];
}

export function accountHandlers(store: EventStore, snapshots?: Snapshots) {
  return {
    accounts: new CommandHandler(store, accountDecider, { snapshots }) as AccountHandler,
    emailClaims: new CommandHandler(store, emailClaimDecider, { cacheSize: 1000 }) as EmailClaimHandler,
  };
}
