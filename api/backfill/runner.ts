import { randomUUID } from 'node:crypto';
import { creditsStream } from '../../domain/credits/decider';
import { CANCELLED_DETAIL, chargesToRefund, isFinished } from '../../domain/backfill/decider';
import {
  BACKFILL_RUNNER_STREAM,
  backfillRecordOf,
  backfillStream,
  type BackfillRunnerEvent,
} from '../../domain/backfill/events';
import {
  backfillJobsCancelledSince,
  backfillJobsIn,
  backfillJobsPaidFor,
  chargedLookups,
  runnerMarker,
  type BackfillJobRow,
} from '../../projections/backfill/queries';
import { pause, SingletonWorker, type Locks, type WorkerLog } from '../../projections/worker';
import { outcomeCommandId } from '../lookups/ids';
import type { BackfillDeps } from './deps';
import { processPage } from './page';
import { processUndoPage } from './undo-page';

export const BACKFILL_RUNNER_LOCK = 'backfill-runner';

/** Running jobs looked at each step, the least recently moved first, to find those not backing off. */
const WAITING_LOOKED_AT = 100;
/** A job whose page failed waits this long before its next try, twice as long after each failure… */
const BACKOFF_FIRST_MS = 1_000;
/** …up to this. */
const BACKOFF_MAX_MS = 60_000;

export interface BackfillRunnerOptions extends BackfillDeps {
  locks: Locks;
  /** Jobs that each get a page at the same time. */
  concurrency?: number;
  /** How often running jobs are looked for when nothing woke the runner. */
  pollMs?: number;
  /** How often stopped and paused jobs are checked for a deleted connection or a purchase. */
  sweepMs?: number;
  standbyMs?: number;
  log?: WorkerLog;
}

/**
 * Takes every running backfill job forward a page at a time, taking turns between jobs (the one
 * moved least recently first). A job whose page fails backs off on its own, so one portal's
 * trouble never holds up another's; a refusal that no retry changes stops that job with HubSpot's
 * words (processPage). One runs across the fleet. On taking over, and after a page that
 * failed half-way, it first lets the records read model catch up with everything recorded, so a
 * record that already has its outcome is recognised when its page is read again.
 */
export class BackfillRunner {
  private readonly worker: SingletonWorker;
  private catchUpFirst = true;
  private lastSweep = 0;
  /** Cancelled jobs finished before this were refunded already; null right after taking over. */
  private refundedBefore: string | null = null;
  /** Jobs whose last page failed: when each may be tried again, and how long it waited last. */
  private readonly backoff = new Map<string, { until: number; delay: number }>();

  constructor(private readonly options: BackfillRunnerOptions) {
    this.worker = new SingletonWorker({
      lock: BACKFILL_RUNNER_LOCK,
      locks: options.locks,
      label: 'The backfill runner',
      standbyMs: options.standbyMs,
      log: options.log,
      prepare: async () => {
        this.catchUpFirst = true;
        this.refundedBefore = null;
      },
      step: (signal) => this.step(signal),
      pending: async () => (await backfillJobsIn(options.readModels, 'running', 1)).length > 0,
    });
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** A hint that a job was started or resumed. */
  wake(): void {
    this.worker.wake();
  }

  /** Resolves once no job is running (for tests and scripts). */
  settled(timeoutMs = 30_000): Promise<void> {
    return this.worker.settled(timeoutMs);
  }

  status() {
    return this.worker.status();
  }

  private async step(signal: AbortSignal): Promise<number> {
    const o = this.options;
    if (this.catchUpFirst) {
      await this.catchUp(signal);
      if (signal.aborted) return 0;
      this.catchUpFirst = false;
    }
    if (Date.now() - this.lastSweep >= (o.sweepMs ?? 2_000)) {
      await this.sweep();
      this.lastSweep = Date.now();
    }
    const running = await backfillJobsIn(o.readModels, 'running', WAITING_LOOKED_AT);
    const now = Date.now();
    const due = running.filter((row) => (this.backoff.get(row.jobId)?.until ?? 0) <= now);
    const turn = due.slice(0, o.concurrency ?? 2);
    if (turn.length === 0 || signal.aborted) {
      const soonest = Math.min(...running.map((row) => this.backoff.get(row.jobId)?.until ?? Infinity));
      return Math.max(0, Math.min(o.pollMs ?? 500, soonest - now));
    }
    const settled = await Promise.allSettled(turn.map((row) => this.advance(row)));
    let moved = false;
    for (const [i, result] of settled.entries()) {
      const { jobId } = turn[i]!;
      if (result.status === 'fulfilled') {
        this.backoff.delete(jobId);
        moved ||= result.value;
        continue;
      }
      // That job alone waits, longer each time; the others go on. Its page is taken up again,
      // and what it already recorded must be recognised then.
      this.catchUpFirst = true;
      const delay = Math.min((this.backoff.get(jobId)?.delay ?? BACKOFF_FIRST_MS / 2) * 2, BACKOFF_MAX_MS);
      this.backoff.set(jobId, { until: Date.now() + delay, delay });
      o.log?.('warn', 'A backfill page failed; the job is tried again later', {
        jobId,
        retryInMs: delay,
        error: result.reason instanceof Error ? result.reason.message : String(result.reason),
      });
    }
    // A job the read model still shows running may have just finished: no haste until it catches up.
    return moved ? 0 : (o.pollMs ?? 500);
  }

  /** One page of a job, read from its stream (the read model may lag behind the last page). */
  private async advance(row: BackfillJobRow): Promise<boolean> {
    const o = this.options;
    const stream = backfillStream(row.portalId, row.objectType);
    const { state } = await o.jobs.load(stream);
    const job = state.job;
    if (job?.jobId !== row.jobId || job.state !== 'running') return false;
    const route = await o.portals.route(job.portalId);
    if (!route || route.userId !== job.userId) {
      await o.jobs.handle(stream, {
        type: 'CancelBackfill',
        jobId: job.jobId,
        reason: 'portal_disconnected',
        at: o.now().toISOString(),
      });
      return true;
    }
    const client = await o.crm.forPortal(job.portalId);
    if (job.undoOf !== undefined) await processUndoPage(o, { ...job, undoOf: job.undoOf }, client);
    else await processPage(o, job, route, client);
    return true;
  }

  /**
   * Jobs that wait: one whose user has credits again resumes by itself; one whose portal was
   * disconnected (or connected by another account) is cancelled.
   */
  private async sweep(): Promise<void> {
    const o = this.options;
    await this.refundCancelled();
    for (const row of await backfillJobsPaidFor(o.readModels)) {
      const { state } = await o.credits.load(creditsStream(row.userId));
      if (state.balance > 0)
        await o.jobs.handle(backfillStream(row.portalId, row.objectType), {
          type: 'ResumeBackfill',
          jobId: row.jobId,
          at: o.now().toISOString(),
        });
    }
    const waiting = (
      await Promise.all(
        (['paused', 'out_of_credits', 'auth_failed', 'crm_refused'] as const).map((s) =>
          backfillJobsIn(o.readModels, s, 100),
        ),
      )
    ).flat();
    for (const row of waiting) {
      const route = await o.portals.route(row.portalId);
      if (route && route.userId === row.userId) continue;
      const stream = backfillStream(row.portalId, row.objectType);
      const { state } = await o.jobs.load(stream);
      if (state.job?.jobId === row.jobId && !isFinished(state.job.state))
        await o.jobs.handle(stream, {
          type: 'CancelBackfill',
          jobId: row.jobId,
          reason: 'portal_disconnected',
          at: o.now().toISOString(),
        });
    }
  }

  /**
   * Gives back the charges of cancelled jobs' records left without an outcome (a page charged,
   * then the process died, then the job was cancelled before a runner took the page up again).
   * Done here rather than by the cancel route, so it never races a page still under way: this
   * runner is the only one that writes pages, and it finishes each page it starts.
   */
  private async refundCancelled(): Promise<void> {
    const o = this.options;
    // Cancels recorded by other processes carry their clocks: look back a minute for safety.
    const next = new Date(o.now().getTime() - 60_000).toISOString();
    for (const row of await backfillJobsCancelledSince(o.readModels, this.refundedBefore)) {
      const credits = creditsStream(row.userId);
      const lookupIds = chargesToRefund(row, (await o.credits.load(credits)).state.inFlight);
      if (lookupIds.length === 0) continue;
      const asked = await chargedLookups(o.readModels, lookupIds);
      const at = o.now().toISOString();
      await o.credits.handleEach(
        credits,
        lookupIds.map((lookupId) => ({
          command: {
            type: 'FailLookup' as const,
            lookup: {
              lookupId,
              source: 'backfill' as const,
              portalId: row.portalId,
              objectType: row.objectType,
              objectId: backfillRecordOf(lookupId)!.objectId,
              // The admin summaries may lag behind the charge: the refund does not wait for them.
              zip: asked.get(lookupId)?.zip ?? '',
              requestedAt: asked.get(lookupId)?.requestedAt ?? at,
            },
            reason: 'backfill_cancelled' as const,
            detail: CANCELLED_DETAIL,
            at,
          },
          commandId: outcomeCommandId(lookupId),
          metadata: { correlationId: row.jobId, userId: row.userId },
        })),
      );
    }
    this.refundedBefore = next;
  }

  /** Writes a start marker and waits until the records read model has applied it. */
  private async catchUp(signal: AbortSignal): Promise<void> {
    const marker = randomUUID();
    const event: BackfillRunnerEvent = {
      type: 'BackfillRunnerStarted',
      data: { marker, at: this.options.now().toISOString() },
    };
    await this.options.store.append(BACKFILL_RUNNER_STREAM, [{ id: marker, ...event }], { expected: 'any' });
    let waited = 0;
    while (!signal.aborted) {
      if ((await runnerMarker(this.options.readModels, BACKFILL_RUNNER_STREAM)) === marker) return;
      await pause(50, signal);
      waited += 50;
      if (waited % 30_000 === 0)
        this.options.log?.(
          'warn',
          'The backfill runner is waiting for the backfill_records read model to catch up',
        );
    }
  }
}
