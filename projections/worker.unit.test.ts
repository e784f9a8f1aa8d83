import { describe, expect, it } from 'vitest';
import { backoffMs, SingletonWorker, type Lease, type Locks } from './worker';

describe('the back-off of a failing worker', () => {
  it('waits 200 ms after the first failure and doubles after each further one, never more than 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });
});

/** Locks in one process's memory; `revoke` takes the held lease away as a lost renewal would. */
function memoryLocks() {
  let held: AbortController | undefined;
  const locks: Locks = {
    async acquire(): Promise<Lease | undefined> {
      if (held && !held.signal.aborted) return undefined;
      const controller = new AbortController();
      held = controller;
      return { signal: controller.signal, release: async () => controller.abort() };
    },
  };
  return { locks, revoke: () => held?.abort() };
}

describe('the signal a worker hands its steps', () => {
  it('is one signal for every step under one lease, so a long run keeps nothing per step, and a new one after the lease is lost', async () => {
    const { locks, revoke } = memoryLocks();
    const seen: AbortSignal[] = [];
    const worker = new SingletonWorker({
      lock: 'test',
      locks,
      label: 'Worker test',
      standbyMs: 1,
      step: async (signal) => {
        seen.push(signal);
        if (seen.length === 500) revoke();
        await new Promise((r) => setImmediate(r));
        return 0;
      },
    });
    worker.start();
    while (seen.length < 1_000) await new Promise((r) => setTimeout(r, 5));
    await worker.stop();

    const distinct = [...new Set(seen)];
    expect(distinct).toHaveLength(2);
    expect(seen.slice(0, 500).every((s) => s === distinct[0])).toBe(true);
    expect(distinct.every((s) => s.aborted)).toBe(true);
  });
});
