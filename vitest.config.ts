import { configDefaults, defineConfig } from 'vitest/config';
import { skippedSuites } from './tests/support/optional-suites.ts';

// Suites that need what this machine lacks are left out; the global setup names them at the start.
const leftOut = skippedSuites().flatMap(({ suites }) => suites.files);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['{domain,projections,api,web,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...leftOut],
    globalSetup: ['tests/support/announce-skipped.ts', 'tests/support/pglite-image.ts'],
    // Fails a suite whose process called one of HubSpot's retired, numbered APIs.
    setupFiles: ['tests/support/retired-hubspot-apis.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
