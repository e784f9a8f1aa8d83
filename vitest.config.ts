import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,projections,api,web,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: configDefaults.exclude,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
