/**
 * `npm run bench -- health-check [--contacts 100000] [--pg]`: the free address health check of
 * a sandbox portal of N contacts (the backfill benchmark's portal and mix: `npm run seed:crm`'s
 * sample contacts, city and state mapped) through the HTTP API (api/address-health/contract.ts),
 * with HubSpot's limits enforced by the sandbox CRM. Times the check and its CSV, each with the
 * machine's load average before and after: the check reads at most DRY_RUN_SAMPLE_SIZE records
 * within the request (50 searches at the portal's 5 a second) and estimates a larger portal, so
 * its time should stay about the same from 10,000 contacts up. PGlite by default; --pg on a
 * fresh database of DATABASE_URL's server (else 127.0.0.1:5432).
 */
import type { HealthCheckAnswer } from '../../api/address-health/contract';
import { ADDRESS_CLASSES } from '../../domain/address-health/figures';
import { signUp, startApp } from '../../tests/support/app';
import { pgliteBackend } from '../../tests/support/databases';
import { mappedSandboxPortal } from '../../tests/support/sandbox-portal';
import { api, freshPostgres, load, round, seedContacts } from './backfill';
import type { BenchResult, BenchRow } from './report';

export interface HealthCheckBenchOptions {
  contacts: number;
  /** PostgreSQL server to create a fresh database on; PGlite when absent. */
  postgresUrl?: string;
  log?: (line: string) => void;
}

export async function runHealthCheckBench(options: HealthCheckBenchOptions): Promise<BenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const target = options.postgresUrl ? 'PostgreSQL' : 'PGlite';
  const backend = options.postgresUrl ? freshPostgres(options.postgresUrl) : pgliteBackend;
  log(`Health check of ${options.contacts} contacts on ${target}`);
  const app = await startApp(backend);
  try {
    const { token } = await signUp(app.baseUrl);
    const { portalId } = await mappedSandboxPortal(app.baseUrl, token);
    const seeding = performance.now();
    await seedContacts(app, portalId, options.contacts);
    const seedSeconds = round((performance.now() - seeding) / 1000);
    log(`Seeded ${options.contacts} contacts in ${seedSeconds} s`);
    // The server closes a connection idle for 5 s (keep-alive), as long as seeding may take: a
    // request on that closed connection would be reset before it reached the server.
    await api(app, token, '/api/auth/credit-balance').catch(() => undefined);

    const loadBefore = load();
    const started = performance.now();
    const answer = await api<HealthCheckAnswer>(app, token, `/api/hubspot/health-checks/${portalId}`, {
      objectType: 'contact',
    });
    const checkMs = performance.now() - started;
    const loadAfter = load();
    log(`Health check in ${Math.round(checkMs)} ms (load ${loadBefore} / ${loadAfter})`);

    const csvStarted = performance.now();
    const response = await fetch(
      `${app.baseUrl}/api/hubspot/health-checks/${portalId}/report.csv?objectType=contact`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const csv = await response.text();
    const csvMs = performance.now() - csvStarted;
    const loadAfterCsv = load();
    if (response.status !== 200) throw new Error(`The CSV answered ${response.status}: ${csv}`);

    const counts = ADDRESS_CLASSES.map((c) => `${c} ${answer.counts[c]}`).join(', ');
    const rows: BenchRow[] = [
      ['contacts seeded', options.contacts],
      ['seeding s', seedSeconds],
      ['health check ms', Math.round(checkMs)],
      ['records / examined', `${answer.recordsInScope} / ${answer.examined}`],
      [
        'estimated',
        answer.estimate ? `yes, from the first ${answer.estimate.examined}` : 'no, every record read',
      ],
      ['records examined per second', round(answer.examined / (checkMs / 1000))],
      [answer.estimate ? 'counts per class (estimated)' : 'counts per class', counts],
      ['CSV ms', Math.round(csvMs)],
      ['CSV lines (records)', csv.trim().split('\r\n').length - 1],
      ['load average before / after the check (1, 5, 15 min)', `${loadBefore} / ${loadAfter}`],
      ['load average after the CSV (1, 5, 15 min)', loadAfterCsv],
    ].map(([figure, value]) => ({ target, figure: String(figure), value: value! }));
    return { name: `health check of ${options.contacts} contacts (${target})`, rows };
  } finally {
    await app.close();
  }
}

/** `health-check [--contacts N] [--pg]`, as index.ts hands over the arguments. */
export function healthCheckOptions(
  args: readonly string[],
  postgresUrl: string | undefined,
): HealthCheckBenchOptions {
  const at = args.indexOf('--contacts');
  const contacts = at < 0 ? 100_000 : Number(args[at + 1]);
  if (!Number.isInteger(contacts) || contacts < 1)
    throw new Error('--contacts needs a whole number, 1 or more');
  const server = process.env.DATABASE_URL ?? postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return { contacts, ...(args.includes('--pg') ? { postgresUrl: server } : {}) };
}
