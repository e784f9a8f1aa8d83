import { describe, expect, it } from 'vitest';
import { deadlineOf, isUnavailable, NoAnswerError, withDeadline } from './errors';

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
