import type { EventStore, NewEvent } from '../../domain/eventstore/types';

/**
 * The event store, telling `written` of every event an append actually stored. A retried append
 * that stored nothing (same ids) is not told again, so counters fed from here count each event
 * once across the whole fleet: whichever process wrote it counts it.
 */
export function observeAppends(
  store: EventStore,
  written: (events: readonly NewEvent[]) => void,
): EventStore {
  return {
    kind: store.kind,
    async append(stream, events, options) {
      const result = await store.append(stream, events, options);
      if (!result.idempotent) written(events);
      return result;
    },
    async appendEach(appends) {
      const outcomes = await store.appendEach(appends);
      outcomes.forEach((outcome, i) => {
        if (outcome.ok && !outcome.result.idempotent) written(appends[i]!.events);
      });
      return outcomes;
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readStreamPage: (stream, options) => store.readStreamPage(stream, options),
    readAll: (options) => store.readAll(options),
    awaitVisible: (timeoutMs) => store.awaitVisible(timeoutMs),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
