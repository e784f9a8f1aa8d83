/**
 * How long `npm start` takes to answer /api/health on an existing data folder: the folder is
 * created by a first start (with some history appended), then the service is started again
 * several times and timed from spawn to the first 200.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { openPglite } from '../../api/db/database';
import { freePort } from '../../tests/support/server-process';
import type { BenchResult } from './report';

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the service exited at start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function runStartupBench(
  options: { runs?: number; events?: number } = {},
): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-startup-'));
  try {
    const seed = await openPglite(dataDir);
    await migrateEventStore(seed.db);
    const store = new PostgresEventStore(seed.db, 'pglite');
    const events = options.events ?? 20_000;
    for (let i = 0; i < events; i += 100) {
      const batch = Array.from({ length: 100 }, (_, n) => ({
        id: randomUUID(),
        type: 'BenchTick',
        data: { n: i + n },
      }));
      await store.append(`bench-${randomUUID()}`, batch, { expected: 'no_stream' });
    }
    await seed.close();
    const first = await timeStart(dataDir);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await timeStart(dataDir));
    times.sort((a, b) => a - b);
    const ms = (v: number) => Math.round(v);
    return {
      name: 'npm start on an existing PGlite data folder: spawn to first /api/health 200',
      rows: [
        {
          case: 'first start (migrations, projections catch up)',
          runs: 1,
          medianMs: ms(first),
          maxMs: ms(first),
        },
        {
          case: `restart on existing data (${events.toLocaleString('en-US')} events)`,
          runs,
          medianMs: ms(times[Math.floor(runs / 2)]!),
          maxMs: ms(times.at(-1)!),
        },
      ],
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
