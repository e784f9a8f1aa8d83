import type { Checkpoint, EventStore, RecordedEvent } from '../../domain/eventstore/types';

export interface SubscribeOptions {
  /** Where to start: the checkpoint of the last event already handled, or START. */
  after: Checkpoint;
  /** Receives each batch in log order; the next batch waits until it resolves. */
  onEvents: (events: readonly RecordedEvent[], next: Checkpoint) => Promise<void> | void;
  /** Called once the subscription has read everything visible at that moment. */
  onCaughtUp?: () => void;
  signal: AbortSignal;
  batchSize?: number;
  /** How often to look for events appended by other processes, which send no in-process hint. */
  pollMs?: number;
}

/**
 * The event-store contract's reader of the live log (the service follows the log through the
 * projection runner and reactors instead). Subscribes to every stream: catches up from `after`, then follows live, woken by the store's
 * append hint and polling as a fallback. Resolves when the signal aborts; rejects when a read
 * or the handler fails (the caller decides whether to resubscribe from its checkpoint).
 */
export async function subscribeToAll(store: EventStore, options: SubscribeOptions): Promise<void> {
  const limit = options.batchSize ?? 500;
  let after = options.after;
  let wake: (() => void) | undefined;
  let hinted: boolean;
  const off = store.onAppended(() => {
    hinted = true;
    wake?.();
  });
  const abort = () => wake?.();
  options.signal.addEventListener('abort', abort);
  let caughtUp = false;
  try {
    while (!options.signal.aborted) {
      hinted = false;
      const { events, next } = await store.readAll({ after, limit });
      if (events.length > 0) {
        await options.onEvents(events, next);
        after = next;
      }
      if (events.length < limit) {
        if (!caughtUp) {
          caughtUp = true;
          options.onCaughtUp?.();
        }
        if (hinted || options.signal.aborted) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, options.pollMs ?? 250);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
    }
  } finally {
    off();
    options.signal.removeEventListener('abort', abort);
  }
}
