import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite } from '../../api/db/database';
import { databaseMigrators } from '../../api/db/migrate';
import { createPglite, initialiseInChild } from '../../api/db/pglite';
import { buildPgliteTemplate } from '../../scripts/build-server';

describe('a new PGlite data folder', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'zipfill-pglite-'));
    template = join(root, 'template');
    await initialiseInChild(template);
    // A mark that only a copy of this template can carry.
    writeFileSync(join(template, 'made-by-the-build'), '');
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is a copy of the template the build made, and opens', async () => {
    const folder = join(root, 'first-start');
    const pglite = await createPglite(folder, { template });
    try {
      expect((await pglite.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pglite.close();
    }
    expect(existsSync(join(folder, 'made-by-the-build'))).toBe(true);
    expect(existsSync(`${folder}.copying-${process.pid}`)).toBe(false);
  });

  it('is initialised by initdb where no template was built (sources run without a build)', async () => {
    const folder = join(root, 'no-template');
    const pglite = await createPglite(folder, { template: join(root, 'not-built') });
    try {
      expect((await pglite.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pglite.close();
    }
    expect(existsSync(join(folder, 'made-by-the-build'))).toBe(false);
  }, 60_000);

  it('keeps an existing data folder as it is', async () => {
    const folder = join(root, 'first-start');
    writeFileSync(join(folder, 'kept'), '');
    const pglite = await createPglite(folder, { template });
    await pglite.close();
    expect(existsSync(join(folder, 'kept'))).toBe(true);
  });

  it('made by the build, leaves a first start no migration to run and no secret of its own', async () => {
    const built = join(root, 'built');
    await buildPgliteTemplate(built);
    const database = fromPglite(await createPglite(join(root, 'from-the-build'), { template: built }));
    try {
      for (const migrator of await databaseMigrators(database, { events: true }))
        expect((await migrator.getMigrations()).filter((m) => !m.executedAt)).toEqual([]);
      // The generated token key and the like are made by each installation's first start.
      const secrets = await sql<{ n: number }>`SELECT count(*)::int AS n FROM app_secrets`.execute(
        database.db,
      );
      expect(secrets.rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
