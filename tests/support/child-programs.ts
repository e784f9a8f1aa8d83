import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from '../../api/install-dir';
import { bundlePrograms } from '../../scripts/build-server';

/**
 * The programs suites start in processes of their own: the service, the replay, and the
 * fixtures that run the service with a hook for a crash test.
 */
const PROGRAMS = {
  service: 'api/main.ts',
  replay: 'scripts/replay.ts',
  backfillChild: 'tests/backfill/fixtures/backfill-child.ts',
  lookupChild: 'tests/lookups/fixtures/app-child.ts',
  projectionChild: 'tests/projections/fixtures/projection-child.ts',
} as const;

type Program = keyof typeof PROGRAMS;

/**
 * Inside the repository, so the bundles find its node_modules and its package.json (the
 * service finds its files from there, api/install-dir.ts).
 */
const OUTDIR = join(INSTALL_DIR, 'test-results', 'child-programs');

/**
 * vitest's globalSetup: each program bundled once for the run, as `npm run build:server` bundles
 * the service. Under tsx every start compiled the sources again:
 * 7.5 to 8.5 s of CPU for a start of the service against 5.3 to 5.7 s from a bundle here, and
 * a run starts dozens of them.
 */
export default async function bundledForTheRun(): Promise<void> {
  await bundlePrograms(
    Object.fromEntries(Object.entries(PROGRAMS).map(([name, source]) => [name, join(INSTALL_DIR, source)])),
    OUTDIR,
  );
}

/**
 * Node's arguments for running `program`: its bundle when the run made one, else its sources
 * under tsx (a suite run outside vitest's global setup).
 */
export function programArgs(program: Program): string[] {
  const bundle = join(OUTDIR, `${program}.js`);
  return existsSync(bundle)
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', join(INSTALL_DIR, PROGRAMS[program])];
}
