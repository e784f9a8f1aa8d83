import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import type { Database } from '../../api/db/database';
import { silentLogger } from '../../api/logging/logger';
import { readSettings } from '../../api/settings';
import { createSystem } from '../../api/system';
import { creditsStream } from '../../domain/credits/decider';
import { call, signUp, type RunningApp } from '../support/app';
import { FAST_HASHING } from '../support/fast-hashing';
import { crashTargets, type CrashTarget } from '../support/crash-targets';
import { freePort } from '../support/server-process';
import { foldBalance, topUp } from '../lookups/helpers';
import { backfillLookupId } from '../../domain/backfill/events';
import { recordStream } from '../../domain/record-history/events';
import type { BackfillJobAnswer, BackfillJobsAnswer } from '../../api/backfill/contract';
import type { RecordHistoryAnswer } from '../../api/record-history/contract';
import { jobOf, reportOf, runJob, startJob, waitForJob } from './helpers';
import { connectMappedPortal, contactOf, seedContacts } from '../support/sandbox-portal';
import { programArgs } from '../support/child-programs';

const targets = crashTargets('zipfill-backfill-crash-');

const RECORDS = 600;

/**
 * A user with a sandbox portal of RECORDS contacts (ZIP 10001 and `typed` beside it) and the
 * credits for them, made in this process; city and state mapped, keeping what people entered.
 * With `filled`, a job has filled their empty fields here too (its id is `filledBy`).
 */
async function setUp(database: Database, typed: Record<string, string> = {}, filled = false) {
  const port = await freePort();
  const system = await createSystem(
    readSettings({ PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: '/nonexistent' }),
    silentLogger,
    { database, keepDatabaseOpen: true, passwordHashing: FAST_HASHING },
  );
  const server = system.app.listen(port, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const user = await signUp(baseUrl);
    const portalId = await connectMappedPortal(baseUrl, user.token);
    const ids = await seedContacts(
      database,
      portalId,
      Array.from({ length: RECORDS }, (_, i) => ({ firstname: `C${i}`, zip: '10001', ...typed })),
    );
    await topUp(system, user.userId, RECORDS);
    const filledBy = filled
      ? (
          await runJob(
            { baseUrl } as RunningApp,
            { ...user, portalId },
            { objectType: 'contact', scope: 'empty' },
          )
        ).jobId
      : undefined;
    return { ...user, portalId, ids, filledBy };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await system.close();
  }
}

interface Child {
  process: ChildProcess;
  baseUrl: string;
  printed(word: string): Promise<void>;
}

async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, programArgs('backfillChild'), {
    env: { ...process.env, ...env, CHILD_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const printed = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (out.includes(word) ? resolve() : undefined);
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before printing ${word}`)));
      check();
    });
  await printed('listening');
  return { process: child, baseUrl: `http://127.0.0.1:${port}`, printed };
}

async function stop(child: Child, signal: NodeJS.Signals) {
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.kill(signal);
  await exited;
}

/** Each lookup's charges and outcomes in the user's credits stream, and the stream itself. */
async function creditsOf(db: Database, userId: string) {
  const stream = await new PostgresEventStore(db.db, db.kind).readStream(creditsStream(userId));
  const charges = new Map<string, number>();
  const outcomes = new Map<string, number>();
  for (const e of stream) {
    const id = (e.data as { lookupId?: string }).lookupId;
    if (!id) continue;
    const count = e.type === 'LookupCharged' ? charges : e.type.startsWith('Lookup') ? outcomes : undefined;
    count?.set(id, (count.get(id) ?? 0) + 1);
  }
  return { stream, charges, outcomes };
}

/**
 * A user set up on the target (see setUp) and their job, whose child was killed with its third
 * page of 100 charged and held before its write (or, `written`, after it).
 */
async function killedOnThirdPage(target: CrashTarget, typed: Record<string, string> = {}, written = false) {
  const db = await target.open();
  const user = await setUp(db, typed);
  await db.close();
  const first = await startChild({
    ...target.env,
    CHILD_PAGE_SIZE: '100',
    CHILD_HOLD_UPDATES_AFTER: '2',
    ...(written ? { CHILD_HOLD_AFTER_WRITE: '1' } : {}),
  });
  const job = await startJob(
    { baseUrl: first.baseUrl } as Parameters<typeof startJob>[0],
    user.token,
    user.portalId,
    { objectType: 'contact', scope: 'empty' },
  );
  await first.printed('held');
  await stop(first, 'SIGKILL');
  return { user, job };
}

/** The service started again on the target's data, reading pages of 100. */
const restarted = (target: CrashTarget, env: Record<string, string> = {}) =>
  startChild({ ...target.env, CHILD_PAGE_SIZE: '100', ...env });

/** The service started again on the target's data, and the job once it completed there. */
async function finishedAfterRestart(target: CrashTarget, token: string, jobId: string) {
  const second = await restarted(target);
  return { second, done: await waitForJob(second.baseUrl, token, jobId, ['completed'], 90_000) };
}

/** A test run on each target, a fresh one each time, disposed of afterwards whatever the test did. */
function itOnEachTarget(name: string, test: (target: CrashTarget) => Promise<void>) {
  it.each(targets)(
    name,
    async (_name, makeTarget) => {
      const target = await makeTarget();
      try {
        await test(target);
      } finally {
        await target.dispose();
      }
    },
    180_000,
  );
}

describe('the service killed in the middle of a backfill', () => {
  itOnEachTarget(
    'resumes from its cursor after a restart on %s, charging nothing twice and skipping nothing',
    async (target) => {
      // Two pages written, the third charged and held before its write when the process dies.
      const { user, job } = await killedOnThirdPage(target);

      const { second, done } = await finishedAfterRestart(target, user.token, job.jobId);
      expect(done.progress).toMatchObject({
        done: RECORDS,
        succeeded: RECORDS,
        failed: 0,
        creditsSpent: RECORDS,
      });
      await stop(second, 'SIGTERM');

      const db = await target.open();
      const { stream, charges, outcomes } = await creditsOf(db, user.userId);
      expect(charges.size).toBe(RECORDS);
      expect([...charges.values()].every((n) => n === 1)).toBe(true);
      expect(outcomes.size).toBe(RECORDS);
      expect([...outcomes.values()].every((n) => n === 1)).toBe(true);
      expect(stream.filter((e) => e.type === 'LookupSucceeded')).toHaveLength(RECORDS);
      expect(foldBalance(stream)).toEqual({ balance: 50, lowest: 0 });
      for (const id of [user.ids[0]!, user.ids[250]!, user.ids[RECORDS - 1]!])
        expect(await contactOf(db, user.portalId, id)).toMatchObject({ city: 'New York' });
      await db.close();
    },
  );

  itOnEachTarget(
    'gives back the credits of a page charged and never written when the job is cancelled after a restart on %s',
    async (target) => {
      const { user, job } = await killedOnThirdPage(target);

      // Restarted with no runner yet: the user cancels before any runner takes the page up again.
      const second = await restarted(target, { CHILD_RUNNER_ON_SIGNAL: '1' });
      const cancelled = await call(second.baseUrl, `/api/hubspot/backfill/${job.jobId}/cancel`, {
        token: user.token,
        method: 'POST',
      });
      expect(cancelled).toMatchObject({ status: 200, body: { job: { state: 'cancelled' } } });
      second.process.kill('SIGUSR2');
      await second.printed('runner');

      const deadline = Date.now() + 90_000;
      let report = await reportOf(second.baseUrl, user.token, job.jobId);
      while (report.length < 300 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        report = await reportOf(second.baseUrl, user.token, job.jobId);
      }
      const refunded = report.filter((r) => r.outcome === 'failed');
      expect(report.filter((r) => r.outcome === 'succeeded')).toHaveLength(200);
      expect(refunded).toHaveLength(100);
      expect(refunded.every((r) => r.reason === 'backfill_cancelled' && r.zip === '10001')).toBe(true);

      // The job's figures, as the dashboard shows them, add up to the report's and the ledger's.
      let answer = await jobOf(second.baseUrl, user.token, job.jobId);
      while (answer.progress.done < 300 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await jobOf(second.baseUrl, user.token, job.jobId);
      }
      const figures = {
        done: 300,
        succeeded: 200,
        failed: 100,
        failuresByReason: { backfill_cancelled: 100 },
        creditsSpent: 200,
      };
      expect(answer).toMatchObject({
        state: 'cancelled',
        stateDetail: expect.stringContaining('get their credits back and count as failed'),
        progress: figures,
      });
      const listed = await call(second.baseUrl, '/api/hubspot/backfills', { token: user.token });
      expect((listed.body as BackfillJobsAnswer).jobs).toEqual([
        expect.objectContaining({ jobId: job.jobId, progress: expect.objectContaining(figures) }),
      ]);
      await stop(second, 'SIGTERM');

      const db = await target.open();
      const { stream, charges, outcomes } = await creditsOf(db, user.userId);
      expect(charges.size).toBe(300);
      expect([...charges.values()].every((n) => n === 1)).toBe(true);
      expect([...outcomes.keys()].sort()).toEqual([...charges.keys()].sort());
      expect([...outcomes.values()].every((n) => n === 1)).toBe(true);
      const refunds = stream.filter((e) => e.type === 'LookupFailed');
      expect(refunds).toHaveLength(100);
      for (const refund of refunds)
        expect(refund.data).toMatchObject({
          reason: 'backfill_cancelled',
          refunded: true,
          refundedCredits: 1,
        });
      // The sign-up grant of 50 and the RECORDS bought, less the 200 records filled.
      expect(foldBalance(stream)).toEqual({ balance: 50 + RECORDS - 200, lowest: 0 });
      // The credits the job shows spent are its charges net of the refunds.
      expect(charges.size - refunds.length).toBe(figures.creditsSpent);
      await db.close();
    },
  );

  itOnEachTarget(
    'judges a page killed between its HubSpot write and its outcomes by what it planned on %s: records whose City a person typed are filled, charged once, with their fields in the CSV',
    async (target) => {
      // A person typed the City; ZipFill fills the State beside it and keeps the City.
      const { user, job } = await killedOnThirdPage(target, { city: 'The Village' }, true);

      const { second, done } = await finishedAfterRestart(target, user.token, job.jobId);
      expect(done.progress).toMatchObject({
        done: RECORDS,
        succeeded: RECORDS,
        nothingToUpdate: 0,
        failed: 0,
        creditsSpent: RECORDS,
      });
      const report = await reportOf(second.baseUrl, user.token, job.jobId);
      expect(report).toHaveLength(RECORDS);
      expect(report.every((r) => r.outcome === 'succeeded' && r.fields_written === 'state=NY')).toBe(true);
      await stop(second, 'SIGTERM');

      const db = await target.open();
      const { stream, charges, outcomes } = await creditsOf(db, user.userId);
      expect(charges.size).toBe(RECORDS);
      expect([...charges.values()].every((n) => n === 1)).toBe(true);
      expect([...outcomes.values()].every((n) => n === 1)).toBe(true);
      expect(stream.filter((e) => e.type === 'LookupFailed')).toHaveLength(0);
      expect(foldBalance(stream)).toEqual({ balance: 50, lowest: 0 });
      for (const id of [user.ids[0]!, user.ids[250]!, user.ids[RECORDS - 1]!])
        expect(await contactOf(db, user.portalId, id)).toMatchObject({ city: 'The Village', state: 'NY' });
      await db.close();
    },
  );

  itOnEachTarget(
    'undoes a job killed between an undo page’s HubSpot write and its record of the restores on %s: every record restored exactly once, nothing charged',
    async (target) => {
      const db = await target.open();
      const user = await setUp(db, {}, true);
      const creditsBefore = (await creditsOf(db, user.userId)).stream.length;
      await db.close();

      // Two pages of the undo written and recorded; the third written to HubSpot and held before
      // its RecordChangeUndone events are appended when the process dies.
      const first = await startChild({
        ...target.env,
        CHILD_PAGE_SIZE: '100',
        CHILD_HOLD_UPDATES_AFTER: '2',
        CHILD_HOLD_AFTER_WRITE: '1',
      });
      const started = await call(first.baseUrl, `/api/hubspot/backfill/${user.filledBy}/undo`, {
        token: user.token,
        method: 'POST',
      });
      expect(started.status).toBe(201);
      const undoJobId = (started.body as BackfillJobAnswer).job.jobId;
      await first.printed('held');
      await stop(first, 'SIGKILL');

      const killed = await target.open();
      const store = new PostgresEventStore(killed.db, killed.kind);
      const undosOf = async (id: string) =>
        (await store.readStream(recordStream(user.portalId, 'contact', id))).filter(
          (e) => e.type === 'RecordChangeUndone',
        );
      // The window: the third page's records hold their earlier values, and no undo is recorded.
      expect(await contactOf(killed, user.portalId, user.ids[250]!)).toMatchObject({ city: '', state: '' });
      expect(await undosOf(user.ids[250]!)).toHaveLength(0);
      expect(await undosOf(user.ids[150]!)).toHaveLength(1);
      await killed.close();

      const { second, done } = await finishedAfterRestart(target, user.token, undoJobId);
      expect(done).toMatchObject({ undoOf: user.filledBy, state: 'completed' });
      expect(done.progress).toMatchObject({
        done: RECORDS,
        total: RECORDS,
        succeeded: RECORDS,
        skipped: 0,
        failed: 0,
        creditsSpent: 0,
      });
      const report = await reportOf(second.baseUrl, user.token, undoJobId);
      expect(report).toHaveLength(RECORDS);
      expect(new Set(report.map((r) => r.object_id)).size).toBe(RECORDS);
      expect(report.every((r) => r.outcome === 'restored' && r.fields_restored === 'city; state')).toBe(true);
      const history = await call(
        second.baseUrl,
        `/api/hubspot/records/${user.portalId}/contact/${user.ids[250]!}/history`,
        { token: user.token },
      );
      expect((history.body as RecordHistoryAnswer).entries.map((e) => e.kind)).toEqual(['undo', 'change']);
      await stop(second, 'SIGTERM');

      const after = await target.open();
      const ledger = new PostgresEventStore(after.db, after.kind);
      for (const id of user.ids) {
        const undos = (await ledger.readStream(recordStream(user.portalId, 'contact', id))).filter(
          (e) => e.type === 'RecordChangeUndone',
        );
        // The restored values are sealed as personal data; the job's change and the undo job are not.
        expect(undos.map((e) => e.data)).toEqual([
          expect.objectContaining({ lookupId: backfillLookupId(user.filledBy!, id), undoJobId }),
        ]);
      }
      for (const id of [user.ids[0]!, user.ids[250]!, user.ids[RECORDS - 1]!])
        expect(await contactOf(after, user.portalId, id)).toMatchObject({ city: '', state: '' });
      // Undoing is free: the credits stream is as the filling job left it.
      expect((await creditsOf(after, user.userId)).stream).toHaveLength(creditsBefore);
      await after.close();
    },
  );
});
