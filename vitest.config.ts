import { configDefaults, defineConfig } from 'vitest/config';

// Suites that need a server this machine may not have are collected only when it is configured.
const needsServer = process.env.EVENTSTORE_URL ? [] : ['tests/eventstore/kurrentdb.int.test.ts'];

export default defineConfig({
  test: {
    include: ['{domain,projections,api,web,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...needsServer],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
