import { sql } from 'kysely';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackfillJob, BackfillJobAnswer, BackfillRequest } from '../../api/backfill/contract';
import type { Database } from '../../api/db/database';
import type { SystemOverrides } from '../../api/system';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import type { Backend } from '../support/databases';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';

/**
 * The service with the sandbox CRM, the backfill runner reading `pageSize` records at a time;
 * with `startRunner: false` the runner waits for `app.system.backfill.start()`; a dry run reads
 * `dryRunSample` records at most (DRY_RUN_SAMPLE_SIZE unless given).
 */
export function startBackfillApp(
  backend: Backend,
  options: {
    pageSize?: number;
    startRunner?: boolean;
    dryRunSample?: number;
    env?: Record<string, string>;
    overrides?: Omit<SystemOverrides, 'database' | 'keepDatabaseOpen'>;
    intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  } = {},
): Promise<RunningApp> {
  return startApp(
    backend,
    options.env ?? {},
    {
      ...options.overrides,
      backfill: {
        pageSize: options.pageSize ?? 200,
        concurrency: 2,
        startRunner: options.startRunner,
        dryRunSample: options.dryRunSample,
      },
      // HubSpot's back-off, shortened: tests wait out 429s and 5xx without the real seconds.
      hubspotRetry: { backoffMs: 5, maxRetryAfterMs: 20, rateLimitRetries: 12 },
    },
    options.intercept,
  );
}

export const MAPPING = { city: 'city', state: 'state', county: '', country: '' };

/** A signed-in user with a new sandbox portal whose contacts' and companies' city and state are mapped (or as given). */
export async function userWithPortal(
  app: RunningApp,
  mapping: Record<string, unknown> = {},
  companyMapping: Record<string, unknown> = {},
) {
  const user = await signUp(app.baseUrl);
  await connectSandboxPortal(app.baseUrl, user.token);
  const portalId = (await connectionsOf(app.baseUrl, user.token)).at(-1)!.portal_id;
  const saved = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
    token: user.token,
    body: {
      contact: { ...MAPPING, updateTimezone: false, ...mapping },
      company: { ...MAPPING, ...companyMapping },
    },
  });
  if (saved.status !== 200)
    throw new Error(`Saving the mapping answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return { ...user, portalId };
}

/** Puts contacts into a sandbox portal in one statement, in id order; answers their ids. */
export function seedContacts(
  database: Database,
  portalId: string,
  contacts: readonly Record<string, string | null>[],
): Promise<string[]> {
  return seedRecords(database, portalId, 'contacts', contacts);
}

/** Puts records of one object type into a sandbox portal in one statement, in id order; answers their ids. */
export async function seedRecords(
  database: Database,
  portalId: string,
  objectType: 'contacts' | 'companies',
  records: readonly Record<string, string | null>[],
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO sandbox_records (portal_id, object_type, id, properties, last_change_source, created_at, updated_at)
    SELECT ${portalId}, ${objectType}, r.id,
           r.props || jsonb_build_object('hs_object_id', r.id, 'createdate', now()), 'CRM_UI', now(), now()
      FROM (SELECT nextval('sandbox_record_ids')::text AS id, value AS props, ordinality
              FROM jsonb_array_elements(${JSON.stringify(records)}::jsonb) WITH ORDINALITY
             ORDER BY ordinality) AS r
    RETURNING id`.execute(database.db);
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** A contact's properties as the sandbox CRM holds them. */
export async function contactOf(database: Database, portalId: string, id: string) {
  const { rows } = await sql<{ properties: Record<string, string | null> | string }>`
    SELECT properties FROM sandbox_records WHERE portal_id = ${portalId} AND object_type = 'contacts' AND id = ${id}`.execute(
    database.db,
  );
  const p = rows[0]?.properties;
  return typeof p === 'string' ? (JSON.parse(p) as Record<string, string | null>) : p;
}

export async function startJob(app: RunningApp, token: string, portalId: string, request: BackfillRequest) {
  const started = await call(app.baseUrl, `/api/hubspot/backfills/${portalId}`, { token, body: request });
  if (started.status !== 201)
    throw new Error(`Starting answered ${started.status}: ${JSON.stringify(started.body)}`);
  return (started.body as BackfillJobAnswer).job;
}

/** Starts a job and waits until it completes; answers it as the dashboard reads it then. */
export async function runJob(
  app: RunningApp,
  user: { token: string; portalId: string },
  request: BackfillRequest,
): Promise<BackfillJob> {
  const started = await startJob(app, user.token, user.portalId, request);
  return waitForJob(app.baseUrl, user.token, started.jobId, ['completed']);
}

export async function jobOf(baseUrl: string, token: string, jobId: string): Promise<BackfillJob> {
  const { status, body } = await call(baseUrl, `/api/hubspot/backfill/${jobId}`, { token });
  if (status !== 200) throw new Error(`The job answered ${status}`);
  return (body as BackfillJobAnswer).job;
}

/** Waits until the job, as the dashboard reads it, is in one of these states (and answers it). */
export async function waitForJob(
  baseUrl: string,
  token: string,
  jobId: string,
  states: readonly BackfillJob['state'][],
  timeoutMs = 60_000,
): Promise<BackfillJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(baseUrl, token, jobId);
    if (states.includes(job.state)) return job;
    if (Date.now() > deadline)
      throw new Error(`The job is still ${job.state}: ${JSON.stringify(job.progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The job's report, parsed: one object per record. */
export async function reportOf(baseUrl: string, token: string, jobId: string) {
  const response = await fetch(`${baseUrl}/api/hubspot/backfill/${jobId}/report.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`The report answered ${response.status}`);
  const [header, ...lines] = (await response.text()).trim().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(csvFields(line).map((v, i) => [names[i]!, v])));
}

/** One CSV line's fields; a quoted field may hold commas and doubled quotes (no line breaks here). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map(([, quoted, plain]) =>
    quoted === undefined ? (plain ?? '') : quoted.replace(/""/g, '"'),
  );
}
