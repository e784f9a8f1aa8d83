import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { createSchema, dropSchema, testDatabaseUrl } from './databases';

/** Where a child process killed by a crash test keeps its data, and how the test reads it after. */
export interface CrashTarget {
  /** Tells the child (tests/*\/fixtures/*-child.ts) where its data lives. */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/** A PGlite data folder, and a schema on PostgreSQL when TEST_DATABASE_URL is set, by name. */
export function crashTargets(folderPrefix: string): Array<[string, () => Promise<CrashTarget>]> {
  const pglite = async (): Promise<CrashTarget> => {
    const dir = mkdtempSync(join(tmpdir(), folderPrefix));
    return {
      env: { CHILD_DATA_DIR: dir },
      open: () => openPglite(dir),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  };
  const postgres = async (): Promise<CrashTarget> => {
    const schema = await createSchema(testDatabaseUrl!);
    return {
      env: { CHILD_DATABASE_URL: testDatabaseUrl!, CHILD_SCHEMA: schema },
      open: () => connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 2 }),
      dispose: () => dropSchema(testDatabaseUrl!, schema),
    };
  };
  const named: Array<[string, () => Promise<CrashTarget>]> = [['PGlite data folder', pglite]];
  if (testDatabaseUrl) named.push(['PostgreSQL', postgres]);
  return named;
}
