import { randomUUID } from 'node:crypto';
import { creditsDecider, creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import type { CreditsState } from '../../domain/credits/state';
import type { EventStore, NewEvent } from '../../domain/eventstore/types';

export interface CreditHistoryOptions {
  /** Past lookups: each is charged, then succeeds, except every tenth, which fails and is refunded. */
  lookups: number;
  /** Credits left once they are all done. */
  creditsLeft: number;
  /** Events written per append. */
  batch?: number;
  /** Told after each append, with the events written so far. */
  progress?: (written: number) => void;
}

export interface CreditHistory {
  stream: string;
  /** The user's state after the history, folded as it was written. */
  state: CreditsState;
  /** Revision of the stream's last event. */
  revision: bigint;
}

/**
 * Writes a user's long credit history through the store's append, in large batches: the events
 * the credits rules decide for a grant and then `lookups` lookups, as the lookup pipeline records
 * them, without the pipeline's round trips per lookup.
 */
export async function appendCreditHistory(
  store: EventStore,
  userId: string,
  { lookups, creditsLeft, batch = 5000, progress }: CreditHistoryOptions,
): Promise<CreditHistory> {
  const stream = creditsStream(userId);
  const at = '2026-11-01T00:00:00.000Z';
  let state = creditsDecider.initialState();
  let revision = -1n;
  let pending: NewEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const result = await store.append(stream, pending, { expected: revision < 0n ? 'no_stream' : revision });
    revision = result.nextRevision;
    pending = [];
    progress?.(Number(revision) + 1);
  };
  const decide = async (command: CreditsCommand) => {
    for (const event of creditsDecider.decide(command, state)) {
      state = creditsDecider.evolve(state, event);
      pending.push({ id: randomUUID(), type: event.type, data: event.data });
    }
    if (pending.length >= batch) await flush();
  };
  const refunded = Math.floor(lookups / 10);
  await decide({
    type: 'AddCredits',
    credits: lookups - refunded + creditsLeft,
    source: { kind: 'admin_adjustment', adminUserId: 'history', note: 'credits for a long history' },
    at,
  });
  for (let i = 0; i < lookups; i++) {
    const lookup = {
      lookupId: `${userId}-past-${i}`,
      portalId: '1001',
      objectType: 'contact' as const,
      objectId: String(i),
      zip: '10001',
      requestedAt: at,
    };
    await decide({ type: 'ChargeLookup', lookup, at });
    await decide(
      i % 10 === 9
        ? { type: 'FailLookup', lookup, reason: 'crm_update_failed', detail: 'HubSpot answered 502', at }
        : { type: 'CompleteLookup', lookup, filled: { city: 'New York' }, before: { city: '' }, at },
    );
  }
  await flush();
  return { stream, state, revision };
}
