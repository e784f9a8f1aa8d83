import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../api/db/database';
import { silentLogger } from '../../api/logging/logger';
import { readSettings } from '../../api/settings';
import { createSystem } from '../../api/system';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp } from '../support/app';
import { FAST_HASHING } from '../support/fast-hashing';

/** Runs the service on an open database while `use` runs, then stops it (the database stays open). */
async function withService<T>(
  database: Database,
  env: Record<string, string>,
  use: (base: string) => Promise<T>,
) {
  const system = await createSystem(readSettings(env), silentLogger, {
    database,
    keepDatabaseOpen: true,
    passwordHashing: FAST_HASHING,
  });
  const server = system.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await system.close();
  }
}

const isAdmin = async (base: string, token: string) =>
  ((await call(base, '/api/auth/is-admin', { token })).body as { isAdmin: boolean }).isAdmin;

for (const backend of behaviourBackends) {
  describe(`admin grants on ${backend.name}`, () => {
    it('makes an existing account listed in ADMIN_EMAILS admin when the service starts', async () => {
      const t = await backend.open();
      try {
        const email = freshEmail('later-admin');
        const { token } = await withService(t.database, {}, async (base) => {
          const user = await signUp(base, email);
          expect(await isAdmin(base, user.token)).toBe(false);
          return user;
        });
        await withService(t.database, { ADMIN_EMAILS: email.toUpperCase() }, async (base) => {
          expect(await isAdmin(base, token)).toBe(true);
        });
      } finally {
        await t.close();
      }
    });
  });
}

describe('npm run admin:grant', () => {
  it('grants admin to the account with the address, by an event, and says when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zipfill-admin-'));
    try {
      const email = freshEmail('granted');
      let database = await openPglite(dir);
      const { token, userId } = await withService(database, {}, (base) => signUp(base, email));
      await database.close();

      const run = (address: string) =>
        promisify(execFile)('npx', ['tsx', 'scripts/admin-grant.ts', address], {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', EVENTSTORE_URL: '' },
        });
      expect((await run(email)).stdout).toContain(`${email} is admin.`);
      await expect(run(freshEmail('nobody'))).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('There is no account with the address'),
      });

      database = await openPglite(dir);
      await withService(database, {}, async (base) => {
        expect(await isAdmin(base, token)).toBe(true);
      });
      const { rows } = await (
        await import('kysely')
      ).sql<{
        type: string;
        data: { reason: string };
      }>`SELECT type, data FROM es_events WHERE stream_id = ${`account-${userId}`} ORDER BY stream_revision`.execute(
        database.db,
      );
      expect(rows.at(-1)).toMatchObject({ type: 'AdminGranted', data: { reason: 'script' } });
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
