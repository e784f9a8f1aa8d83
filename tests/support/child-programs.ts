import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { INSTALL_DIR } from '../../api/install-dir';
import { bundlePrograms } from '../../scripts/build-server';
import { startCommand } from '../../scripts/start-command';

/**
 * The programs suites start in processes of their own: the service, the replay, and the
 * fixtures that run the service with a hook (for the browser suites, for a crash test).
 */
const PROGRAMS = {
  service: 'api/main.ts',
  browserService: 'tests/e2e/fixtures/browser-service.ts',
  replay: 'scripts/replay.ts',
  backfillChild: 'tests/backfill/fixtures/backfill-child.ts',
  lookupChild: 'tests/lookups/fixtures/app-child.ts',
  projectionChild: 'tests/projections/fixtures/projection-child.ts',
} as const;

type Program = keyof typeof PROGRAMS;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's bundles of the programs lie. */
    childProgramsDir: string;
  }
}

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
export default async function bundledForTheRun(project: TestProject): Promise<void> {
  await bundlePrograms(
    Object.fromEntries(Object.entries(PROGRAMS).map(([name, source]) => [name, join(INSTALL_DIR, source)])),
    OUTDIR,
  );
  project.provide('childProgramsDir', OUTDIR);
}

/**
 * Node's arguments for running `program`: in a vitest run its bundle from this run; outside one
 * (a benchmark, the guide's screenshots) its sources under tsx, never an earlier run's bundle.
 * The replay runs with npm run replay's flags; the service, and the fixtures that are the service
 * with a hook, with npm start's.
 */
export function programArgs(program: Program): string[] {
  const { flags } = startCommand(program === 'replay' ? 'replay' : 'start');
  if (!process.env.VITEST) return [...flags, '--import', 'tsx', join(INSTALL_DIR, PROGRAMS[program])];
  return [...flags, join(inject('childProgramsDir'), `${program}.js`)];
}
