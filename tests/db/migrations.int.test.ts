import { NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../api/db/database';
import { databaseMigrators, migrateDatabase } from '../../api/db/migrate';
import { createSchema, dropSchema, migrateAll, schemaUrl, testDatabaseUrl } from '../support/databases';
import { buildFleetServer } from '../support/fleet';
import { startService, type ServiceProcess } from '../support/server-process';

const PROCESSES = 5;

/** The migrations each migrator knows and the ones its bookkeeping table says ran, by table. */
async function migrationsRun(url: string, schema: string) {
  const database = await connectPostgres({ url, schema, poolSize: 2 });
  try {
    const ran: Record<string, string[]> = {};
    const known: Record<string, string[]> = {};
    for (const table of ['op_migration', 'es_migration', 'rm_migration']) {
      const { rows } = await database.pool!.query<{ name: string }>(
        `SELECT name FROM ${table} ORDER BY name`,
      );
      ran[table] = rows.map((r) => r.name);
    }
    const migrators = await databaseMigrators(database, { events: true });
    const tables = ['op_migration', 'es_migration', 'rm_migration'];
    for (const [i, migrator] of migrators.entries())
      known[tables[i]!] = (await migrator.getMigrations()).map((m) => m.name).sort();
    return { ran, known };
  } finally {
    await database.close();
  }
}

describe.runIf(testDatabaseUrl)('migrations on PostgreSQL', () => {
  it('migrate a schema while other processes drop theirs beside it', async () => {
    // Each drop removes tables that a whole-database introspection may be halfway through reading.
    const others = async () => {
      for (let i = 0; i < 6; i++) {
        const schema = await createSchema(testDatabaseUrl!);
        const database = await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 4 });
        await migrateAll(database);
        await database.close();
        await dropSchema(testDatabaseUrl!, schema);
      }
    };
    const ours = async () => {
      for (let i = 0; i < 6; i++) {
        const schema = await createSchema(testDatabaseUrl!);
        const database = await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 4 });
        try {
          await migrateDatabase(database, { events: true });
        } finally {
          await database.close();
          await dropSchema(testDatabaseUrl!, schema);
        }
      }
    };
    await expect(Promise.all([others(), others(), ours(), ours()])).resolves.toBeDefined();
  }, 120_000);

  describe(`${PROCESSES} built servers started at the same instant`, () => {
    let server: Awaited<ReturnType<typeof buildFleetServer>>;
    beforeAll(async () => {
      server = await buildFleetServer();
    }, 120_000);
    afterAll(() => server?.remove());

    const startTogether = async (schema: string) => {
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () =>
          // Four connections each: at the default 20, five processes took the whole server's 100
          // from a suite running beside them ("sorry, too many clients already").
          startService(
            { DATABASE_URL: schemaUrl(testDatabaseUrl!, schema), DATABASE_POOL_SIZE: '4' },
            server.command,
          ),
        ),
      );
      const services = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      return {
        services,
        failures: started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : [])),
      };
    };
    const readiness = (services: ServiceProcess[]) =>
      Promise.all(services.map(async (s) => (await fetch(`${s.baseUrl}/api/health/ready`)).status));

    it.each([
      ['a new database', async () => undefined],
      [
        'a database one migration behind in each set (a release that adds migrations)',
        async (schema: string) => {
          const database = await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 2 });
          try {
            for (const migrator of await databaseMigrators(database, { events: true })) {
              const names = (await migrator.getMigrations()).map((m) => m.name).sort();
              const { error } = await migrator.migrateTo(names.at(-2) ?? NO_MIGRATIONS);
              if (error) throw error;
            }
          } finally {
            await database.close();
          }
        },
      ],
    ])(
      'all come up on %s, each migration run once',
      async (_case, prepare) => {
        const schema = await createSchema(testDatabaseUrl!);
        const services: ServiceProcess[] = [];
        try {
          await prepare(schema);
          const started = await startTogether(schema);
          services.push(...started.services);
          expect(started.failures).toEqual([]);
          expect(await readiness(services)).toEqual(Array(PROCESSES).fill(200));
          const { ran, known } = await migrationsRun(testDatabaseUrl!, schema);
          expect(ran).toEqual(known);
          const exits = await Promise.all(services.map((s) => s.stop()));
          expect(exits.filter((e) => e.code !== 0)).toEqual([]);
        } finally {
          await Promise.all(services.map((s) => s.stop()));
          await dropSchema(testDatabaseUrl!, schema);
        }
      },
      180_000,
    );
  });
});
