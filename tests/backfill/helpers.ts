import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackfillJob, BackfillJobAnswer, BackfillRequest } from '../../api/backfill/contract';
import type { CallPriority, CrmClientFactory, CrmPortalClient } from '../../api/portals/types';
import type { SystemOverrides } from '../../api/system';
import { call, freshEmail, startApp, type RunningApp } from '../support/app';
import { afterEach } from 'vitest';
import { forSuite, type Backend } from '../support/databases';
import { seedContacts, userWithPortal } from '../support/sandbox-portal';
import { creditsEvents, ofType, topUp, waitUntil } from '../lookups/helpers';

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

const ZIPS = ['10001', '60601', '02134', '94105', '30301'];

/**
 * A user whose job filled the city and state of `count` contacts that had neither (ZIPs of five
 * cities), with the credits for them; answers the contacts' ids and the job, completed.
 */
export async function filledJob(app: RunningApp, count: number) {
  const user = await userWithPortal(app);
  await topUp(app.system, user.userId, count);
  const ids = await seedContacts(
    app.system.database,
    user.portalId,
    Array.from({ length: count }, (_, i) => ({ firstname: `C${i}`, zip: ZIPS[i % ZIPS.length]! })),
  );
  const job = await runJob(app, user, { objectType: 'contact', scope: 'empty' });
  if (job.progress.done !== count || job.progress.succeeded !== count)
    throw new Error(`The job filled ${job.progress.succeeded} of ${count} contacts`);
  return { user, ids, job };
}

/**
 * A contact created in the user's sandbox portal with ZIP 10001 and its signed webhook sent, as
 * HubSpot sends it: answers the contact's id once its live lookup has succeeded.
 */
export async function liveLookupDone(app: RunningApp, user: { userId: string; portalId: string }) {
  const { store, webhooks } = app.system.sandboxCrm!;
  const live = await store.createRecord(user.portalId, 'contacts', { firstname: 'Live', zip: '10001' });
  const answered = await webhooks.send([webhooks.zipChanged(user.portalId, 'contacts', live, '10001')]);
  if (answered !== 200) throw new Error(`The webhook answered ${answered}`);
  await waitUntil(async () =>
    ofType(await creditsEvents(app.system.store, user.userId), 'LookupSucceeded').some(
      (e) => e.objectId === live,
    ),
  );
  return live;
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

/**
 * Holds a job's page reads while closed, so a test knows a job is running while it acts: a
 * backfill's searches and an undo job's reads of the records it restores (background priority);
 * live lookups' calls and the one-record count a start asks for pass. Records the priority of
 * every call that reads or writes more than one record (a job's batches: a live lookup's are of one).
 */
export class JobGate {
  private open = true;
  private waiting: (() => void)[] = [];
  held = 0;
  readonly batchPriorities: (CallPriority | undefined)[] = [];
  close() {
    this.open = false;
  }
  release() {
    this.open = true;
    for (const go of this.waiting.splice(0)) go();
  }
  async pass() {
    if (this.open) return;
    this.held++;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  wrap(crm: () => CrmClientFactory): CrmClientFactory {
    const batch = (records: number, options?: { priority?: CallPriority }) => {
      if (records > 1) this.batchPriorities.push(options?.priority);
    };
    return {
      forPortal: async (portalId) => {
        const client = await crm().forPortal(portalId);
        const gated: CrmPortalClient = {
          readRecords: async (objectType, ids, properties, options) => {
            batch(ids.length, options);
            if (options?.priority === 'background') await this.pass();
            return client.readRecords(objectType, ids, properties, options);
          },
          updateRecords: async (objectType, updates, options) => {
            batch(updates.length, options);
            return client.updateRecords(objectType, updates, options);
          },
          searchRecords: async (objectType, query, options) => {
            // A job's pages are held; the one-record count a start asks for passes.
            if (query.limit > 1) await this.pass();
            return client.searchRecords(objectType, query, options);
          },
        };
        return gated;
      },
    };
  }
}

/**
 * The service as startBackfillApp starts it, reading pages of 50, every HubSpot call of its
 * portals passing through a gate, started for the suite that calls it and closed after it; the
 * gate is opened after each test, so that one failing with it closed holds up no other.
 * `started` takes the app; answers the gate and the e-mail of the suite's admin.
 */
export function gatedBackfillAppForSuite(
  backend: Backend,
  started: (app: RunningApp) => unknown,
): { gate: JobGate; adminEmail: string } {
  const gate = new JobGate();
  const adminEmail = freshEmail('admin');
  const options = { pageSize: 50, env: { ADMIN_EMAILS: adminEmail } };
  afterEach(() => gate.release());
  forSuite(
    async () => {
      const app: RunningApp = await startBackfillApp(backend, {
        ...options,
        overrides: {
          hubspot: {
            portals: { route: (id) => app.system.hubspot.directory.route(id) },
            crm: gate.wrap(() => app.system.hubspot.client),
            webhookSecret: async () => app.system.hubspot.clientSecret,
          },
        },
      });
      return {
        app,
        async close() {
          gate.release();
          await app.close();
        },
      };
    },
    ({ app }) => started(app),
  );
  return { gate, adminEmail };
}
