import { configDefaults, defineConfig } from 'vitest/config';
import { skippedSuites } from './tests/support/optional-suites.ts';

// Suites that need what this machine lacks are left out; the global setup names them at the start.
const leftOut = skippedSuites().flatMap(({ suites }) => suites.files);

/**
 * Files that replace a module for themselves (vi.mock) need a module graph of their own. Every
 * other file shares its worker's: loading the app's modules again for each of some 150 files cost
 * about a quarter of the run's CPU, and they hold no state between files (each starts its own app).
 */
const OWN_MODULES = ['api/auth/passwords.unit.test.ts', 'web/src/lib/session/sign-out.unit.test.ts'];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    pool: 'forks',
    // Three files at a time on two cores: a file waits on real clocks (HubSpot's budget, polls,
    // the browser's quiet network) for part of its time, and with two the machine idled a fifth of
    // the run. On one machine: 607 s with two, 512 with three, 479 with four, where the slowest
    // tests came too near their timeouts (a 10 s test took 29 s).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: ['{domain,projections,api,web,scripts,tests}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...leftOut, ...OWN_MODULES],
          isolate: false,
          globalSetup: [
            'tests/support/announce-skipped.ts',
            'tests/support/pglite-image.ts',
            'tests/support/child-programs.ts',
          ],
          // Fails a suite whose process called one of HubSpot's retired, numbered APIs.
          setupFiles: ['tests/support/retired-hubspot-apis.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'own-modules',
          include: OWN_MODULES,
          setupFiles: ['tests/support/retired-hubspot-apis.ts'],
        },
      },
    ],
  },
});
