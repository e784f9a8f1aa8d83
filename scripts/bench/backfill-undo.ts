/**
 * The undo part of `npm run bench -- backfill --undo`: once the job has completed, its undo's dry
 * run and then the undo job itself over the HTTP API, timed, with the HubSpot calls it made
 * (batch reads and batch updates of 100) against what HubSpot's limits allow for them.
 */
import os from 'node:os';
import type { BackfillJob, BackfillJobAnswer, UndoDryRunAnswer } from '../../api/backfill/contract';
import { SANDBOX_RATE_LIMITS } from '../../api/sandbox/hubspot/rate-limits';
import type { RunningApp } from '../../tests/support/app';
import { HubSpotCallRecorder } from './hubspot-calls';

type Api = <T>(app: RunningApp, token: string, path: string, body?: unknown) => Promise<T>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Undoes the job and answers the figures as [figure, value] rows. */
export async function undoBench(
  app: RunningApp,
  token: string,
  jobId: string,
  api: Api,
  log: (line: string) => void,
): Promise<[string, string | number][]> {
  // The job's last calls must leave the window before the undo is measured against it.
  await sleep(10_000);
  const dryStarted = performance.now();
  const dry = await api<UndoDryRunAnswer>(app, token, `/api/hubspot/backfill/${jobId}/undo/dry-run`, {});
  const dryMs = performance.now() - dryStarted;
  log(`Undo dry run in ${Math.round(dryMs)} ms: ${JSON.stringify(dry)}`);
  await sleep(10_000);

  const recorder = new HubSpotCallRecorder(new Set()).start();
  const loadBefore = load();
  const started = performance.now();
  const { job: begun } = await api<BackfillJobAnswer>(app, token, `/api/hubspot/backfill/${jobId}/undo`, {});
  let job: BackfillJob = begun;
  let last = 0;
  while (job.state === 'running') {
    if (Date.now() - last >= 5_000) {
      last = Date.now();
      log(
        `  undo ${job.progress.done}/${job.progress.total} records, ${job.progress.ratePerSecond}/s (load ${load()})`,
      );
    }
    await sleep(250);
    job = (await api<BackfillJobAnswer>(app, token, `/api/hubspot/backfill/${begun.jobId}`)).job;
  }
  const seconds = (performance.now() - started) / 1000;
  recorder.stop();
  const calls = recorder.between(started, performance.now());
  const admitted = calls.filter((c) => c.status !== 429);
  const records = job.progress.done;
  const perRecord = admitted.length / Math.max(records, 1);
  // HubSpot's 110 calls per 10 s, spent at the undo's calls per record.
  const ceiling = SANDBOX_RATE_LIMITS.perTenSeconds / 10 / perRecord;
  return [
    ['undo dry run ms', Math.round(dryMs)],
    [
      'undo dry run: changed / would restore / skipped',
      `${dry.recordsChanged} / ${dry.wouldRestore} / ${JSON.stringify(dry.skipped)}${dry.estimate ? ` (estimated from ${dry.estimate.examined})` : ''}`,
    ],
    ['undo state', job.state],
    [
      'undo records done (restored, skipped, failed)',
      `${records} (${job.progress.succeeded}, ${job.progress.skipped}, ${job.progress.failed})`,
    ],
    ['undo time s', round(seconds)],
    ['undo records/s', round(records / seconds)],
    [
      'undo calls: batch reads + batch updates + other',
      `${admitted.filter((c) => c.kind === 'batch-read').length} + ${admitted.filter((c) => c.kind === 'batch-update').length} + ${admitted.filter((c) => c.kind !== 'batch-read' && c.kind !== 'batch-update').length}`,
    ],
    ['undo ceiling by 110 calls/10 s records/s', round(ceiling)],
    ['undo share of the ceiling %', round((100 * records) / seconds / ceiling)],
    ['undo 429s', calls.length - admitted.length],
    ['undo credits spent', job.progress.creditsSpent],
    ['undo load average before / after', `${loadBefore} / ${load()}`],
  ];
}
