import { describe, expect, it } from 'vitest';
import { portalRateLimiter, type PortalRateLimiter } from '../../api/adapters/hubspot/limiter';
import type { Database } from '../../api/db/database';
import { testDatabaseUrl, twoProcessesForSuite } from '../support/databases';

const SMALL_WINDOW = { points: 2, durationSeconds: 1 };

/** Acquires in the background and notes, in `order`, when each got its slot. */
function queueBackground(limiter: PortalRateLimiter, portalId: string, n: number, order: string[]) {
  return Array.from({ length: n }, (_, i) =>
    limiter.acquire(portalId, { priority: 'background' }).then(() => order.push(`background ${i}`)),
  );
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('live lookups before background work in one process', () => {
  it('serves a live lookup in the next window, before background calls queued ahead of it', async () => {
    const limiter = portalRateLimiter(undefined, SMALL_WINDOW);
    const order: string[] = [];
    const background = queueBackground(limiter, '1', 5, order);
    await until(() => order.length === 2);
    const live = limiter.acquire('1', { priority: 'live' }).then(() => order.push('live'));
    await Promise.all([...background, live]);
    expect(order).toEqual([
      'background 0',
      'background 1',
      'live',
      'background 2',
      'background 3',
      'background 4',
    ]);
  });

  it('lets background work take every slot of a window, spread over it, when no live lookup waits', async () => {
    // Two slots at once, the third 0.6 s later (BACKGROUND_BURST): all three within one window.
    const limiter = portalRateLimiter(undefined, { points: 3, durationSeconds: 0.9 });
    const order: string[] = [];
    await Promise.all(queueBackground(limiter, '2', 3, order));
    expect(order).toHaveLength(3);
  });

  it('takes calls without a priority as live', async () => {
    const limiter = portalRateLimiter(undefined, SMALL_WINDOW);
    const order: string[] = [];
    const background = queueBackground(limiter, '3', 4, order);
    await until(() => order.length === 2);
    const live = limiter.acquire('3').then(() => order.push('live'));
    await Promise.all([...background, live]);
    expect(order.indexOf('live')).toBe(2);
  });
});

/** Each "process" has its own pool and limiter, as separate `npm start` processes do. */
describe.runIf(testDatabaseUrl)(
  'live lookups before background work across processes on one PostgreSQL',
  () => {
    let processes: Database[];
    twoProcessesForSuite((started) => (processes = started));

    it('gives a live lookup of one process a slot before the next window’s background calls of another can fill it', async () => {
      const [backfilling, looking] = processes.map((p) => portalRateLimiter(p.pool, SMALL_WINDOW));
      const order: string[] = [];
      const background = queueBackground(backfilling!, '81000010', 6, order);
      await until(() => order.length === 2);
      const live = looking!.acquire('81000010', { priority: 'live' }).then(() => order.push('live'));
      await Promise.all([...background, live]);
      expect(order.slice(0, 2)).toEqual(['background 0', 'background 1']);
      expect(order.indexOf('live')).toBeLessThan(order.indexOf('background 3'));
    });

    it('lets one process’s background work use the whole window when no process has a live lookup waiting', async () => {
      const [backfilling] = processes.map((p) =>
        portalRateLimiter(p.pool, { points: 3, durationSeconds: 0.9 }),
      );
      const order: string[] = [];
      await Promise.all(queueBackground(backfilling!, '81000011', 3, order));
      expect(order).toHaveLength(3);
    });
  },
);
