import { creditsDecider, type CreditsCommand } from '../../domain/credits/decider';
import type { CreditsState } from '../../domain/credits/state';
import type { CreditsEvent } from '../../domain/credits/events';
import type { EventStore } from '../../domain/eventstore/types';
import { CommandHandler } from '../eventsourcing/command-handler';
import type { Snapshots } from '../eventsourcing/snapshots';

export type CreditsHandler = CommandHandler<CreditsState, CreditsCommand, CreditsEvent>;

/** The one way the service changes a balance: every grant, charge and refund goes through the credits decider. */
export const creditsHandler = (store: EventStore, snapshots?: Snapshots): CreditsHandler =>
  new CommandHandler(store, creditsDecider, { snapshots });
