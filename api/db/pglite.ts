import { execFile } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { INSTALL_DIR } from '../install-dir';
import { PgliteThread } from './pglite-thread';

const run = promisify(execFile);

/**
 * PGlite's initdb sizes shared buffers as for a server (160 MB), and in WASM all of them are
 * resident from the start. 32 MB holds the service's working set (see the startup and lookups
 * benchmarks); 16 MB saves nothing more, 64 MB costs 46 MB.
 */
const START_PARAMS = ['-c', 'shared_buffers=32MB'];

/**
 * An empty data folder made by `npm run build` (scripts/build-server.ts) with the installed
 * PGlite. A first start copies it instead of running initdb: initdb took 2.2 s of a 4.6 s first
 * start here, the copy of its 39 MB 0.16 s.
 */
export const PGLITE_TEMPLATE = join(INSTALL_DIR, 'api', 'dist', 'pglite-template');

const isDataFolder = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Runs initdb for a new data folder in a short-lived node process. PGlite runs initdb in the
 * calling process through a second PGlite and the initdb module, and about 450 MB of theirs stay
 * resident after they close; in a process of its own that memory ends with it.
 */
export async function initialiseInChild(pgdata: string): Promise<void> {
  const script = `const { PGlite } = await import('@electric-sql/pglite');
await (await PGlite.create(${JSON.stringify(pgdata)})).close();`;
  try {
    await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: INSTALL_DIR });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`Could not create the PGlite data folder ${pgdata}: ${stderr}`, { cause: error });
  }
}

/**
 * A new data folder: a copy of the build's template when there is one, else initdb. The copy
 * lands under another name and is renamed into place, so a start that dies half-way leaves no
 * half-copied folder that would pass for a data folder.
 */
async function initialise(pgdata: string, template: string): Promise<void> {
  if (isDataFolder(pgdata)) return;
  if (!isDataFolder(template)) return initialiseInChild(pgdata);
  const copying = `${pgdata}.copying-${process.pid}`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(template, copying, { recursive: true });
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(copying, pgdata);
}

/**
 * PGlite in `pgdata`, or in memory when it is undefined (tests, benchmarks). An in-memory one
 * starts from `image` (a `dumpDataDir` tarball) when given: loading one took 0.5 s here where
 * initdb took 2.1 s.
 */
export async function createPglite(
  pgdata: string | undefined,
  { template = PGLITE_TEMPLATE, image }: { template?: string; image?: Blob } = {},
): Promise<PGlite> {
  // Imported here: the service opens PGlite in its own thread, and its main thread need not load it.
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, ...START_PARAMS];
  if (pgdata === undefined) return PGlite.create({ startParams, loadDataDir: image });
  await initialise(pgdata, template);
  return PGlite.create(pgdata, { startParams });
}

/** As createPglite, in a thread of its own (./pglite-thread): what the service and its tests open. */
export async function openPgliteThread(
  pgdata: string | undefined,
  { template = PGLITE_TEMPLATE, image }: { template?: string; image?: Blob } = {},
): Promise<PgliteThread> {
  if (pgdata !== undefined) await initialise(pgdata, template);
  return PgliteThread.open({ dataDir: pgdata, image, startParams: START_PARAMS });
}
