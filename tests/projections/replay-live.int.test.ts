import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readModelTables } from '../support/read-models';
import { createSchema, dropSchema, schemaUrl, testDatabaseUrl } from '../support/databases';
import { sandboxCustomer, sandboxWebhookSecret, sandboxZipChange } from '../support/fleet';
import { deliver } from '../support/hubspot-webhook';
import { startService, type ServiceProcess } from '../support/server-process';
import { programArgs } from '../support/child-programs';

const run = promisify(execFile);
const password = 'a long enough passphrase';

async function register(service: ServiceProcess, email: string): Promise<string> {
  const res = await fetch(`${service.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** Every read-model table the projections write, and how many replay versions were left behind. */
async function readModelsIn(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [
      `${schema}\\_replay\\_%`,
    ]);
    return { tables: await readModelTables(url, schema), versionsLeft: rows.length };
  } finally {
    await client.end();
  }
}

async function lookupOutcomes(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM ${schema}.es_events WHERE type IN ('LookupSucceeded', 'LookupFailed')`,
    );
    return (rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

async function caughtUp(service: ServiceProcess): Promise<boolean> {
  const health = (await (await fetch(`${service.baseUrl}/api/health`)).json()) as {
    projections: { eventsBehind: number }[];
  };
  return health.projections.every((p) => p.eventsBehind === 0);
}

function replay(url: string, args: string[]) {
  return run(process.execPath, [...programArgs('replay'), ...args], {
    env: { ...process.env, DATABASE_URL: url, EVENTSTORE_URL: '' },
  });
}

describe.runIf(testDatabaseUrl)('npm run replay while the service serves (PostgreSQL)', () => {
  it('switches every read model to a rebuilt version identical to a stopped-service replay, with no failed request or lookup', async () => {
    const url = testDatabaseUrl!;
    const schema = await createSchema(url);
    const databaseUrl = schemaUrl(url, schema);
    const service = await startService({ DATABASE_URL: databaseUrl });
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 8; i++) tokens.push(await register(service, `before-${i}-${schema}@example.com`));
      const customer = await sandboxCustomer(service.baseUrl, tokens[0]!, 150);
      const secret = await sandboxWebhookSecret(databaseUrl);
      await expect.poll(() => caughtUp(service), { timeout: 15_000 }).toBe(true);

      // Readers of the read models, writers of new events and lookups, all through the replay.
      let serving = true;
      const failures: string[] = [];
      let requests = 0;
      const attempt = async (path: string, init?: RequestInit, expected = 200) => {
        requests++;
        try {
          const res = await fetch(`${service.baseUrl}${path}`, init);
          if (res.status !== expected) failures.push(`${path}: ${res.status} ${await res.text()}`);
          else await res.arrayBuffer();
        } catch (error) {
          failures.push(`${path}: ${String(error)}`);
        }
      };
      const readers = Array.from({ length: 4 }, async (_, n) => {
        const auth = { headers: { authorization: `Bearer ${tokens[n]}` } };
        while (serving) {
          await attempt('/api/auth/lookup-count');
          await attempt('/api/auth/credit-usage-stats', auth);
          await attempt('/api/auth/credit-threshold', auth);
        }
      });
      let registered = 0;
      const writer = (async () => {
        while (serving && registered < 8) {
          await attempt(
            '/api/auth/register',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: `during-${registered++}-${schema}@example.com`, password }),
            },
            201,
          );
          await new Promise((r) => setTimeout(r, 150));
        }
      })();

      // ZIPs entered in the sandbox CRM, as its webhook reports them (beyond the 50 sign-up
      // credits they fail for want of credits, which is an outcome like any other).
      let looked = 0;
      const lookups = (async () => {
        while (serving && looked < customer.contactIds.length) {
          const events = customer.contactIds
            .slice(looked, looked + 3)
            .map((id) => sandboxZipChange(customer.portalId, id, '10001'));
          looked += events.length;
          requests++;
          try {
            const { status } = await deliver(service.baseUrl, events, { secret, publicUrl: service.baseUrl });
            if (status !== 200) failures.push(`webhook: ${status}`);
          } catch (error) {
            failures.push(`webhook: ${String(error)}`);
          }
          await new Promise((r) => setTimeout(r, 150));
        }
      })();

      const { stdout } = await replay(databaseUrl, ['--all']);
      serving = false;
      await Promise.all([...readers, writer, lookups]);
      // Beside a serving service the replay works a quarter of the time unless told otherwise.
      expect(stdout).toMatch(
        /Replayed .+ at pace 0\.25: \d+ events in [\d.]+ s \(\d+ events\/s\); readers switched/,
      );
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(20);

      expect(looked).toBeGreaterThan(0);
      await expect.poll(() => lookupOutcomes(url, schema), { timeout: 30_000 }).toBe(looked);
      await expect.poll(() => caughtUp(service), { timeout: 15_000 }).toBe(true);
      // On PostgreSQL an outcome becomes readable to the projections only once older transactions
      // end, so "no events behind" can come a moment early: wait for every lookup in the admin's
      // read model, then for the read models to stop moving.
      await expect
        .poll(async () => (await readModelsIn(url, schema)).tables.admin_lookups?.length, { timeout: 30_000 })
        .toBe(looked);
      let previous = '';
      await expect
        .poll(
          async () => {
            const now = JSON.stringify((await readModelsIn(url, schema)).tables);
            const unchanged = now === previous;
            previous = now;
            return unchanged;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      const live = await readModelsIn(url, schema);
      expect(live.versionsLeft).toBe(0);
      expect(live.tables.accounts).toHaveLength(8 + registered);

      await service.stop({ keepData: true });
      await replay(databaseUrl, ['--all']);
      const stopped = await readModelsIn(url, schema);
      expect(live.tables).toEqual(stopped.tables);
    } finally {
      await service.stop();
      await dropSchema(url, schema);
    }
  }, 240_000);

  it('takes every lookup that arrives after a switch, also when the live queue had skipped numbers', async () => {
    const url = testDatabaseUrl!;
    const schema = await createSchema(url);
    const databaseUrl = schemaUrl(url, schema);
    const service = await startService({ DATABASE_URL: databaseUrl });
    try {
      const token = await register(service, `queue-${schema}@example.com`);
      const customer = await sandboxCustomer(service.baseUrl, token, 30);
      const secret = await sandboxWebhookSecret(databaseUrl);
      let sent = 0;
      const enterZips = async (count: number) => {
        const events = customer.contactIds
          .slice(sent, sent + count)
          .map((id) => sandboxZipChange(customer.portalId, id, '10001'));
        sent += events.length;
        const { status } = await deliver(service.baseUrl, events, { secret, publicUrl: service.baseUrl });
        expect(status).toBe(200);
        await expect.poll(() => lookupOutcomes(url, schema), { timeout: 20_000 }).toBe(sent);
      };
      await enterZips(5);
      // Rolled-back batches (a crash, a lost lock) leave numbers of the queue unused; a rebuilt
      // queue numbers its rows without those gaps, so its numbers restart below the live ones.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(
          `SELECT nextval(pg_get_serial_sequence('${schema}.lookup_requests', 'seq')) FROM generate_series(1, 40)`,
        );
      } finally {
        await client.end();
      }
      await enterZips(5);

      await replay(databaseUrl, ['--all']);
      await enterZips(10);
    } finally {
      await service.stop();
      await dropSchema(url, schema);
    }
  }, 120_000);

  it('builds an analyst schema of their own and leaves the live read models as they were', async () => {
    const url = testDatabaseUrl!;
    const schema = await createSchema(url);
    const databaseUrl = schemaUrl(url, schema);
    const service = await startService({ DATABASE_URL: databaseUrl });
    const analyst = `${schema}_analyst`;
    try {
      for (let i = 0; i < 3; i++) await register(service, `analyst-${i}-${schema}@example.com`);
      // "No events behind" can come a moment early on PostgreSQL (see above), and each read model
      // commits on its own there: loaded runs read the accounts before the third sign-up reached
      // them, and the accounts with it before its credits. The read models are taken once they
      // hold three accounts and stay the same for a second.
      let last = '';
      await expect
        .poll(
          async () => {
            const { tables } = await readModelsIn(url, schema);
            const now = JSON.stringify(tables);
            const settled = now === last && tables.accounts?.length === 3;
            last = now;
            return settled;
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(true);
      const before = await readModelsIn(url, schema);

      const { stdout } = await replay(databaseUrl, ['--into', analyst, 'accounts']);
      expect(stdout).toMatch(/into schema .+_analyst; the live read models are untouched/);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT to_jsonb(t)::text AS row FROM ${analyst}.accounts t ORDER BY 1`,
        );
        expect(rows.map((r: { row: string }) => r.row)).toEqual(before.tables.accounts);
      } finally {
        await client.end();
      }
      expect((await readModelsIn(url, schema)).tables).toEqual(before.tables);
    } finally {
      await service.stop();
      await dropSchema(url, analyst);
      await dropSchema(url, schema);
    }
  }, 120_000);
});
