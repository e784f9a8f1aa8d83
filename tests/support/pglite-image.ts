import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../../api/db/database';
import { migrateDatabase } from '../../api/db/migrate';
import { createPglite } from '../../api/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's migrated, empty PGlite data folder lies as a tarball. */
    migratedPgliteImage: string;
  }
}

/**
 * vitest's globalSetup: one empty PGlite database with every schema migrated, dumped once for the
 * run. Each in-memory PGlite a suite opens loads it (0.5 s) instead of running initdb and every
 * migration again (2.5 s): a run opens hundreds of them. The suites that test initdb and the
 * migrations themselves open theirs empty. It starts from a copy of the build's migrated template
 * (api/db/pglite.ts), as a first `npm start` does: 0.8 s before the first suite instead of 4.6 s
 * of initdb and migrations; without a build, initdb runs and the migrations make every table.
 */
export default async function migratedImageForTheRun(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'zipfill-pglite-image-'));
  const pglite = await createPglite(join(folder, 'pglite'));
  const database = fromPglite(pglite);
  let image: Blob;
  try {
    await migrateDatabase(database, { events: true });
    image = await pglite.dumpDataDir('none');
  } finally {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
  const file = join(tmpdir(), `zipfill-pglite-image-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  project.provide('migratedPgliteImage', file);
  return () => rm(file, { force: true });
}

let loaded: Promise<Blob> | undefined;

/**
 * The run's migrated image, read once per test process. Outside a vitest run (the benchmarks open
 * the same backends with `npm run bench`) there is none to inject: PGlite is initialised and
 * migrated as the service does it.
 */
export function migratedPgliteImage(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return Promise.resolve(undefined);
  loaded ??= readFile(inject('migratedPgliteImage')).then((bytes) => new Blob([bytes]));
  return loaded;
}
