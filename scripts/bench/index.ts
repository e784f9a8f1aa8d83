/**
 * `npm run bench -- <name> [...] [--option value ...]`: runs the named benchmarks (or `all`),
 * prints each table and writes bench-results/<name>.json. Options after the names go to each
 * benchmark (backfill's --contacts, --pg, --live-rate; health-check's --contacts, --pg; admin's --pglite; replay's --pace; startup's --runs, --first-start, --lookups, --backfill). PostgreSQL figures need BENCH_DATABASE_URL (default: the
 * TEST_DATABASE_URL, then DATABASE_URL); without one only the embedded PGlite figures are taken.
 */
import { formatTable, writeBenchResult, type BenchResult } from './report';

type Bench = (postgresUrl: string | undefined, options: string[]) => Promise<BenchResult>;

const benches: Record<string, Bench> = {
  eventstore: async (postgresUrl) => (await import('./eventstore')).runEventStoreBench({ postgresUrl }),
  'zip-table': async () => (await import('./zip-table')).runZipTableBench(),
  startup: async (postgresUrl, options) => {
    const { runStartupBench, startupOptions } = await import('./startup');
    return runStartupBench({ postgresUrl, ...startupOptions(options) });
  },
  lookups: async (postgresUrl) => (await import('./lookups')).runLookupsBench({ postgresUrl }),
  admin: async (postgresUrl, options) =>
    (await import('./admin')).runAdminBench({ postgresUrl, pglite: options.includes('--pglite') }),
  web: async () => (await import('./web')).runWebBench(),
  streams: async (postgresUrl) => (await import('./streams')).runStreamsBench({ postgresUrl }),
  replay: async (postgresUrl, options) =>
    (await import('./replay')).runReplayBench({ postgresUrl, replayOptions: options }),
  backfill: async (postgresUrl, options) => {
    const { runBackfillBench, backfillOptions } = await import('./backfill');
    return runBackfillBench(backfillOptions(options, postgresUrl));
  },
  'health-check': async (postgresUrl, options) => {
    const { runHealthCheckBench, healthCheckOptions } = await import('./health-check');
    return runHealthCheckBench(healthCheckOptions(options, postgresUrl));
  },
};

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const firstOption = args.findIndex((a) => a.startsWith('--'));
  const given = firstOption < 0 ? args : args.slice(0, firstOption);
  const options = firstOption < 0 ? [] : args.slice(firstOption);
  const names = given.includes('all') ? Object.keys(benches) : given;
  if (names.length === 0 || names.some((n) => !benches[n])) {
    console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}|all> [...]`);
    process.exit(2);
  }
  const postgresUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!postgresUrl) console.warn('No BENCH_DATABASE_URL/TEST_DATABASE_URL: PostgreSQL figures are skipped.');
  for (const name of names) {
    const result = await benches[name]!(postgresUrl, options);
    console.log(`\n${result.name}\n${formatTable(result.rows)}`);
    console.log(`written to ${writeBenchResult(name, result)}`);
  }
  process.exit(0);
}

await main();
