import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from '../../api/db/database';
import { migrateOperational } from '../../api/db/operational';
import { SingletonWorker, type Locks, type WorkerOptions } from '../../projections/worker';
import { backends, createSchema, dropSchema, freshName, testDatabaseUrl } from '../support/databases';
import { TcpProxy } from '../support/tcp-proxy';

/** A worker with quick standby and rests, so a test waits for behaviour rather than for the defaults. */
function worker(locks: Locks, lock: string, options: Partial<WorkerOptions> = {}) {
  return new SingletonWorker({
    lock,
    locks,
    label: `Worker ${lock}`,
    standbyMs: 50,
    step: async () => 20,
    ...options,
  });
}

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition did not come true in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

for (const backend of backends) {
  describe(`a singleton worker on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('runs in one instance at a time; the other stands by and takes over when the first stops', async () => {
      const lock = freshName('lock');
      let inStep = 0;
      let overlapped = false;
      const steps = { a: 0, b: 0 };
      const make = (who: 'a' | 'b') =>
        worker(t.database.locks, lock, {
          step: async () => {
            if (++inStep > 1) overlapped = true;
            steps[who]++;
            await new Promise((r) => setTimeout(r, 5));
            inStep--;
            return 5;
          },
        });
      const a = make('a');
      const b = make('b');
      a.start();
      await until(() => steps.a > 0);
      b.start();
      await until(() => steps.a > 20);
      expect(steps.b).toBe(0);
      expect(b.status()).toMatchObject({ state: 'standby', holding: false });
      expect(a.status()).toMatchObject({ state: 'running', holding: true });

      await a.stop();
      await until(() => steps.b > 0);
      await b.stop();
      expect(overlapped).toBe(false);
      expect(a.status()).toMatchObject({ state: 'stopped', holding: false });
    });

    it('backs off after each failed step, longer each time, and runs on once a step succeeds', async () => {
      const startedAt: number[] = [];
      const w = worker(t.database.locks, freshName('lock'), {
        step: async () => {
          startedAt.push(Date.now());
          if (startedAt.length <= 3) throw new Error(`failure ${startedAt.length}`);
          return 10;
        },
      });
      w.start();
      // The next step comes only after the back-off, so the first failure is still what is shown.
      await until(() => w.status().state === 'retrying');
      expect(w.status()).toMatchObject({ state: 'retrying', lastError: 'failure 1' });
      await until(() => startedAt.length >= 5);
      await w.stop();
      const gaps = startedAt.slice(1, 4).map((at, i) => at - startedAt[i]!);
      // 200, 400 and 800 ms after the first, second and third failure.
      expect(gaps[0]).toBeGreaterThanOrEqual(195);
      expect(gaps[1]).toBeGreaterThanOrEqual(395);
      expect(gaps[2]).toBeGreaterThanOrEqual(795);
      expect(w.status().lastError).toBeUndefined();
    });

    it('steps again when woken instead of resting out its poll, also when the wake came during a step', async () => {
      let steps = 0;
      let release: (() => void) | undefined;
      const w = worker(t.database.locks, freshName('lock'), {
        step: async () => {
          steps++;
          if (steps === 2) await new Promise<void>((r) => (release = r));
          return 10 * 60_000;
        },
      });
      w.start();
      await until(() => steps === 1);
      w.wake();
      await until(() => steps === 2);
      // Woken while the second step is still under way: the third follows without a rest.
      w.wake();
      release!();
      await until(() => steps === 3);
      await w.stop();
    });

    it('settles once nothing is pending, and says which worker did not when it cannot', async () => {
      const queue = Array.from({ length: 5 }, (_, i) => i);
      const w = worker(t.database.locks, freshName('lock'), {
        // One item per step, and a long rest after it: only the wake-ups settled() gives drain it.
        step: async () => {
          queue.shift();
          return 10 * 60_000;
        },
        pending: async () => queue.length > 0,
      });
      w.start();
      await w.settled(10_000);
      expect(queue).toEqual([]);

      queue.push(1);
      const stuck = worker(t.database.locks, freshName('lock'), {
        label: 'The stuck worker',
        step: async () => 10,
        pending: async () => true,
      });
      stuck.start();
      await expect(stuck.settled(200)).rejects.toThrow('The stuck worker did not catch up in time');
      await stuck.stop();
      await w.settled(10_000);
      await w.stop();
      expect(queue).toEqual([]);
    });
  });
}

describe.runIf(testDatabaseUrl)(
  'a singleton worker whose holder dies (PostgreSQL, default lease timing)',
  () => {
    let schema: string;
    let standbyDb: Database;
    beforeAll(async () => {
      schema = await createSchema(testDatabaseUrl!);
      standbyDb = await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 2 });
      await migrateOperational(standbyDb);
    });
    afterAll(async () => {
      await standbyDb?.close();
      if (schema) await dropSchema(testDatabaseUrl!, schema);
    });

    /** A standby on its own connections; resolves with the time of its first step. */
    function standby(lock: string) {
      let tookOver: (at: number) => void;
      const first = new Promise<number>((r) => (tookOver = r));
      const w = new SingletonWorker({
        lock,
        locks: standbyDb.locks,
        label: 'The standby',
        step: async () => {
          tookOver(Date.now());
          return 100;
        },
      });
      return { worker: w, first };
    }

    async function holderThroughProxy(lock: string) {
      const target = new URL(testDatabaseUrl!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      const viaProxy = new URL(testDatabaseUrl!);
      viaProxy.port = String(await proxy.start());
      const database = await connectPostgres({ url: viaProxy.toString(), schema, poolSize: 2 });
      let steps = 0;
      let lostAt = Infinity;
      let stepsAfterLoss = 0;
      const w = new SingletonWorker({
        lock,
        locks: database.locks,
        label: 'The holder',
        step: async (signal) => {
          if (signal.aborted) stepsAfterLoss++;
          signal.addEventListener('abort', () => (lostAt = Math.min(lostAt, Date.now())), { once: true });
          steps++;
          return 50;
        },
      });
      w.start();
      await until(() => steps > 0);
      return {
        proxy,
        worker: w,
        lostAt: () => lostAt,
        stepsAfterLoss: () => stepsAfterLoss,
        steps: () => steps,
        async close() {
          await proxy.cut();
          await w.stop();
          await database.close();
        },
      };
    }

    it.each([
      ['the network drops every packet (silent partition)', (p: TcpProxy) => p.freeze()],
      ['the connections are closed', (p: TcpProxy) => void p.cut()],
    ])(
      'is taken over within 5 s when %s, and the holder stops before the standby starts',
      async (_what, breakNetwork) => {
        const lock = freshName('lock');
        const holder = await holderThroughProxy(lock);
        const s = standby(lock);
        s.worker.start();
        try {
          await new Promise((r) => setTimeout(r, 1_500));
          expect(s.worker.status().state).toBe('standby');
          const brokenAt = Date.now();
          breakNetwork(holder.proxy);
          const tookOverAt = await s.first;
          const stepsAtTakeover = holder.steps();
          expect(tookOverAt - brokenAt).toBeLessThan(5_000);
          expect(holder.lostAt()).toBeLessThanOrEqual(tookOverAt);
          expect(holder.worker.status().holding).toBe(false);
          await new Promise((r) => setTimeout(r, 200));
          expect(holder.steps()).toBe(stepsAtTakeover);
          expect(holder.stepsAfterLoss()).toBe(0);
        } finally {
          await s.worker.stop();
          await holder.close();
        }
      },
      20_000,
    );

    it('is taken over within 5 s when the holding process is killed with SIGKILL', async () => {
      const lock = freshName('lock');
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/workers/fixtures/holder-child.ts'],
        {
          env: {
            ...process.env,
            CHILD_DATABASE_URL: testDatabaseUrl!,
            CHILD_SCHEMA: schema,
            CHILD_LOCK: lock,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('holding') && resolve());
        child.once('exit', (code) => reject(new Error(`the holder exited early with ${code}`)));
      });
      const s = standby(lock);
      s.worker.start();
      try {
        await new Promise((r) => setTimeout(r, 1_500));
        expect(s.worker.status().state).toBe('standby');
        const exited = new Promise((r) => child.once('exit', r));
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await exited;
        expect((await s.first) - killedAt).toBeLessThan(5_000);
      } finally {
        await s.worker.stop();
        child.kill('SIGKILL');
      }
    }, 30_000);
  },
);
