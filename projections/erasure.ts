import type { LogEventType } from '../domain/events';
import type { RecordedEvent } from '../domain/eventstore/types';
import type { ContactPrivacyDeletedData } from '../domain/privacy/events';
import { batched, type Projection, type ReadModelTransaction, type Recorded } from './projection';

export type AccountDeletion = Recorded<'AccountDeleted'>;

/** The events after which a read model forgets personal data: an account's, or one CRM record's. */
const ERASURES = new Set<string>(['AccountDeleted', 'ContactPrivacyDeleted']);

/**
 * A batched projection that also forgets what a deleted account's keys protected. When it reads
 * `AccountDeleted` it drops or blanks exactly what those fields would have given had they read as
 * their placeholders from the start, so the live read model and a replay after the erasure agree.
 * A projection that holds a CRM record's ZIP or filled values forgets them the same way when it
 * reads `ContactPrivacyDeleted` (the contact was deleted for privacy in HubSpot; the event follows
 * the lookups it forgets in the log, so a replay forgets them too).
 * A batch is applied in order around each deletion: what came before is written, then erased.
 */
export function erasing<T extends LogEventType>(spec: {
  name: string;
  tables: Projection['tables'];
  eventTypes: readonly T[];
  applyBatch(trx: ReadModelTransaction, events: readonly Recorded<T>[]): Promise<void>;
  erase(trx: ReadModelTransaction, deletion: AccountDeletion): Promise<void>;
  forgetRecord?(trx: ReadModelTransaction, deletion: ContactPrivacyDeletedData): Promise<void>;
}): Projection {
  const inner = batched(spec);
  const { forgetRecord } = spec;
  return {
    name: spec.name,
    tables: spec.tables,
    eventTypes: [...spec.eventTypes, 'AccountDeleted', ...(forgetRecord ? ['ContactPrivacyDeleted'] : [])],
    async apply(trx, events) {
      let run: RecordedEvent[] = [];
      for (const event of events) {
        if (!ERASURES.has(event.type)) {
          run.push(event);
          continue;
        }
        if (run.length > 0) await inner.apply(trx, run);
        run = [];
        if (event.type === 'AccountDeleted') await spec.erase(trx, event as AccountDeletion);
        else await forgetRecord?.(trx, (event as Recorded<'ContactPrivacyDeleted'>).data);
      }
      if (run.length > 0) await inner.apply(trx, run);
    },
  };
}
