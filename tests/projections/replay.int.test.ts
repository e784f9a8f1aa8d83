import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../api/db/database';
import { KurrentDbStandIn } from '../support/kurrentdb/server';
import { startService } from '../support/server-process';
import { programArgs } from '../support/child-programs';

const run = promisify(execFile);

async function snapshot(dataDir: string) {
  const database = await openPglite(dataDir);
  try {
    const accounts = await sql`SELECT * FROM accounts ORDER BY user_id`.execute(database.db);
    const balances = await sql`SELECT * FROM credit_balances ORDER BY user_id`.execute(database.db);
    return { accounts: accounts.rows, balances: balances.rows };
  } finally {
    await database.close();
  }
}

describe('npm run replay', () => {
  it.each([
    ['in the database', false],
    ['in KurrentDB', true],
  ])(
    'rebuilds every read model from the log to exactly what the live projections built, events %s',
    async (_, kurrent) => {
      const node = kurrent ? await KurrentDbStandIn.start() : undefined;
      const eventStore = { EVENTSTORE_URL: node?.url ?? '' };
      const service = await startService(eventStore);
      const dataDir = service.dataDir;
      try {
        for (const path of ['/api/auth/register', '/api/auth/register/partner-a', '/api/auth/register']) {
          const res = await fetch(`${service.baseUrl}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `replay-${Math.random().toString(36).slice(2)}@example.com`,
              password: 'a long enough passphrase',
            }),
          });
          expect(res.status).toBe(201);
        }
        await expect
          .poll(
            async () =>
              (
                (await (await fetch(`${service.baseUrl}/api/health`)).json()) as {
                  projections: { eventsBehind: number }[];
                }
              ).projections.every((p) => p.eventsBehind === 0),
            { timeout: 10_000 },
          )
          .toBe(true);
        // With EVENTSTORE_URL set, the events went to the KurrentDB node and not into the database.
        if (node) expect(node.log.all.filter((e) => e.type === 'AccountRegistered')).toHaveLength(3);
        await service.stop({ keepData: true });
        const before = await snapshot(dataDir);
        expect(before.accounts).toHaveLength(3);

        const { stdout } = await run(process.execPath, [...programArgs('replay'), '--all'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...eventStore },
        });
        // No service can run beside a PGlite replay, so it replays flat out.
        expect(stdout).toMatch(
          /Replayed .+ at pace 1 \(flat out\): \d+ events in [\d.]+ s \(\d+ events\/s\)/,
        );
        const after = await snapshot(dataDir);
        expect(after).toEqual(before);
      } finally {
        await service.stop();
        await node?.close();
      }
    },
    120_000,
  );

  it('refuses an unknown projection by name, listing the known ones', async () => {
    const error = await run(process.execPath, [...programArgs('replay'), 'no-such-thing'], {
      env: { ...process.env, DATA_DIR: '/tmp/zipfill-replay-unused', DATABASE_URL: '' },
    }).catch((e: { stderr: string; code: number }) => e);
    expect((error as { code: number }).code).toBe(1);
    expect((error as { stderr: string }).stderr).toMatch(
      /No projection named "no-such-thing". Known: .*accounts/,
    );
  }, 60_000);

  it('refuses a pace that is not a share of the time, saying what it takes', async () => {
    const error = await run(process.execPath, [...programArgs('replay'), '--pace', '2', '--all'], {
      env: { ...process.env, DATA_DIR: '/tmp/zipfill-replay-unused', DATABASE_URL: '' },
    }).catch((e: { stderr: string; code: number }) => e);
    expect((error as { code: number }).code).toBe(1);
    expect((error as { stderr: string }).stderr).toMatch(
      /--pace needs the share .* above 0 and at most 1 \(got "2"\)/,
    );
  }, 60_000);
});
