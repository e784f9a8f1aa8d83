/**
 * `npm run build:server`: the server and the replay as JavaScript, once, for `npm start`,
 * `npm run replay` and the image to run with node alone (a replay that starts beside a serving
 * service should not spend a second of CPU compiling TypeScript first). esbuild bundles
 * api/main.ts, scripts/replay.ts and our own modules; packages stay in
 * node_modules. Dynamically imported modules (the KurrentDB adapter) become chunks of their own,
 * so their packages load only when used.
 */
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { fromPglite } from '../api/db/database';
import { migrateDatabase } from '../api/db/migrate';
import { createPglite, initialiseInChild, PGLITE_TEMPLATE } from '../api/db/pglite';

export const SERVER_DIST = fileURLToPath(new URL('../api/dist', import.meta.url));

export async function buildServer(outdir: string = SERVER_DIST): Promise<void> {
  await bundlePrograms(
    {
      main: fileURLToPath(new URL('../api/main.ts', import.meta.url)),
      replay: fileURLToPath(new URL('./replay.ts', import.meta.url)),
    },
    outdir,
  );
}

/**
 * Programs (name → source file) bundled into an emptied `outdir`, one `<name>.js` each with the
 * modules they share in chunks, packages left in node_modules (so `outdir` must lie in the
 * repository, where they resolve).
 */
export async function bundlePrograms(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * The PGlite data folder a first `npm start` copies (api/db/pglite.ts), made with the installed
 * PGlite and migrated by this build's migrations: a first start then has no table to make, which
 * took a second of its CPU here. It holds no data: keys and secrets are made at a first start,
 * never by a migration, so no two installations share one.
 */
export async function buildPgliteTemplate(target: string = PGLITE_TEMPLATE): Promise<void> {
  const making = `${target}.making`;
  rmSync(making, { recursive: true, force: true });
  await initialiseInChild(making);
  const database = fromPglite(await createPglite(making));
  try {
    await migrateDatabase(database, { events: true });
  } finally {
    await database.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(making, target);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  await buildPgliteTemplate();
}
