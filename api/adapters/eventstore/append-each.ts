import {
  InvalidEventError,
  WrongExpectedVersionError,
  type AppendOutcome,
  type EventStore,
  type StreamAppend,
} from '../../../domain/eventstore/types';

/** `appendEach` as one `append` per stream, at the same time; a refusal becomes that append's outcome. */
export function appendOneByOne(
  store: Pick<EventStore, 'append'>,
  appends: readonly StreamAppend[],
): Promise<AppendOutcome[]> {
  return Promise.all(
    appends.map(({ stream, events, expected }) =>
      store.append(stream, events, { expected }).then(
        (result): AppendOutcome => ({ ok: true, result }),
        (error: unknown): AppendOutcome => {
          if (error instanceof WrongExpectedVersionError || error instanceof InvalidEventError)
            return { ok: false, error };
          throw error;
        },
      ),
    ),
  );
}
