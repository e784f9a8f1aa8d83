import { describe, expect, it } from 'vitest';
import { sideBySide } from './side-by-side';

const after = <T>(ms: number, settle: () => T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(settle()), ms));
const failingAfter = (ms: number, message: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('statements side by side', () => {
  it('answers each in the order given, a statement not needed as undefined', async () => {
    expect(
      await sideBySide(
        after(20, () => 'first'),
        undefined,
        Promise.resolve(3),
      ),
    ).toEqual(['first', undefined, 3]);
  });

  it('answers a failure only once every statement has settled, so none runs after a rollback', async () => {
    let lateOneSettled = false;
    const failure = sideBySide(
      after(30, () => {
        lateOneSettled = true;
      }),
      Promise.reject(new Error('division by zero')),
    );

    await expect(failure).rejects.toThrow('division by zero');
    expect(lateOneSettled).toBe(true);
  });

  it('answers the first failure, the cause, not those that only found the transaction aborted', async () => {
    const aborted = failingAfter(20, 'current transaction is aborted');
    const cause = failingAfter(5, 'division by zero');

    await expect(sideBySide(aborted, cause)).rejects.toThrow('division by zero');
  });
});
