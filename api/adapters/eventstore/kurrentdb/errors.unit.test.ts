import { describe, expect, it } from 'vitest';
import { AccessDeniedError, UnknownError } from '@kurrent/kurrentdb-client';
import { EventStoreRefusedError, EventStoreUnavailableError } from '../../../../domain/eventstore/types';
import { deadlineOf, isUnavailable, NoAnswerError, translateError, withDeadline } from './errors';

describe('KurrentDB call deadlines', () => {
  it("take the connection string's defaultDeadline, whatever its case, and 10 s otherwise", () => {
    expect(deadlineOf('kurrentdb://es:2113?tls=false&defaultDeadline=2500')).toBe(2500);
    expect(deadlineOf('kurrentdb://es:2113?DEFAULTDEADLINE=700&tls=false')).toBe(700);
    expect(deadlineOf('kurrentdb://es:2113?tls=false')).toBe(10_000);
    expect(deadlineOf('kurrentdb://es:2113?defaultDeadline=soon')).toBe(10_000);
  });

  it('turn a call left unanswered into an error that counts as unavailable', async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withDeadline(never, 20, 'a read of $all').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAnswerError);
    expect((error as Error).message).toBe('KurrentDB did not answer a read of $all within 20 ms');
    expect(isUnavailable(error)).toBe(true);
    await expect(withDeadline(Promise.resolve(7), 20, 'x')).resolves.toBe(7);
  });
});

describe('KurrentDB refusals', () => {
  const unrecognised = (message: string) => new UnknownError(undefined, `Could not recognize ${message}`);

  it('are final when no retry can change them, so callers do not retry them', () => {
    for (const error of [
      new AccessDeniedError(),
      unrecognised('MaximumAppendEventSizeExceeded'),
      unrecognised('BadRequest'),
      unrecognised('SomethingNewerThanThisClient'),
    ]) {
      expect(isUnavailable(error)).toBe(false);
      expect(translateError(error)).toBeInstanceOf(EventStoreRefusedError);
    }
  });

  it('count as outages when the node was not ready or too busy to take the write', () => {
    for (const message of ['Server Is Not Ready', 'Server Is Busy'])
      expect(translateError(unrecognised(message))).toBeInstanceOf(EventStoreUnavailableError);
    expect(translateError(new UnknownError())).toBeInstanceOf(EventStoreUnavailableError);
  });
});
