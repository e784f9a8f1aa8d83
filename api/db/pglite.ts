import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { INSTALL_DIR } from '../install-dir';

const run = promisify(execFile);

/**
 * PGlite's initdb sizes shared buffers as for a server (160 MB), and in WASM all of them are
 * resident from the start. 32 MB holds the service's working set (see the startup and lookups
 * benchmarks); 16 MB saves nothing more, 64 MB costs 46 MB.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * A new data folder is initialised by a short-lived node process. PGlite runs initdb in the
 * calling process through a second PGlite and the initdb module, and about 450 MB of theirs stay
 * resident after they close; in a process of its own that memory ends with it.
 */
async function initialise(pgdata: string): Promise<void> {
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import('@electric-sql/pglite');
await (await PGlite.create(${JSON.stringify(pgdata)})).close();`;
  try {
    await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: INSTALL_DIR });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`Could not create the PGlite data folder ${pgdata}: ${stderr}`, { cause: error });
  }
}

/** PGlite in `pgdata`, or in memory when it is undefined (tests, benchmarks). */
export async function createPglite(pgdata: string | undefined): Promise<PGlite> {
  if (pgdata === undefined) return PGlite.create({ startParams: START_PARAMS });
  await initialise(pgdata);
  return PGlite.create(pgdata, { startParams: START_PARAMS });
}
