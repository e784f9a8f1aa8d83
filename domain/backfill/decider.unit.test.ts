import { describe, expect, it } from 'vitest';
import {
  cancelledRecordOf,
  chargesToRefund,
  decideBackfill,
  evolveBackfill,
  initialBackfillState,
  type BackfillCommand,
  type BackfillStreamState,
} from './decider';
import { BackfillRuleError } from './errors';
import { backfillLookupId, backfillRecordOf, type BackfillCounts } from './events';
import { recordsCreatedUpTo, searchQuery, type BackfillSearch } from './search';

const at = '2026-11-24T10:00:00.000Z';
const jobId = '0b7e6a52-3c1d-4e2f-9a8b-7c6d5e4f3a21';
const otherJob = '1c8f7b63-4d2e-4f30-8b9c-8d7e6f5a4b32';

const start = (id = jobId): BackfillCommand => ({
  type: 'StartBackfill',
  jobId: id,
  userId: 'alice',
  portalId: '4711',
  objectType: 'contact',
  scope: 'empty',
  changedSince: null,
  total: 1000,
  at,
});
const page = (cursor: string, counts: Partial<BackfillCounts> = {}): BackfillCommand => ({
  type: 'RecordPage',
  jobId,
  cursor,
  counts: { records: 200, succeeded: 190, failuresByReason: { zip_not_found: 10 }, credits: 190, ...counts },
  at,
});
const act = (type: 'PauseBackfill' | 'ResumeBackfill' | 'CompleteBackfill', id = jobId): BackfillCommand => ({
  type,
  jobId: id,
  at,
});
const cancel: BackfillCommand = { type: 'CancelBackfill', jobId, reason: 'by_user', at };
const stop: BackfillCommand = {
  type: 'StopBackfill',
  jobId,
  reason: 'out_of_credits',
  detail: 'No credits left',
  at,
};

const searchOf = (job: { startedAt: string }): BackfillSearch => ({
  objectType: 'contact',
  zipProperty: 'zip',
  mappedProperties: ['city'],
  scope: 'empty',
  changedSince: null,
  createdUpTo: recordsCreatedUpTo(job.startedAt),
});

function given(...commands: BackfillCommand[]): BackfillStreamState {
  return commands.reduce(
    (state, c) => decideBackfill(c, state).reduce(evolveBackfill, state),
    initialBackfillState(),
  );
}

const refusal = (command: BackfillCommand, state: BackfillStreamState) => {
  try {
    decideBackfill(command, state);
  } catch (error) {
    if (error instanceof BackfillRuleError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('backfill job rules', () => {
  it('starts a job that runs from the first record', () => {
    expect(given(start()).job).toMatchObject({ jobId, state: 'running', cursor: null, done: 0, total: 1000 });
  });

  it('refuses a second job for the same portal and object type while one is unfinished, naming it', () => {
    for (const state of [given(start()), given(start(), act('PauseBackfill')), given(start(), stop)])
      expect(refusal(start(otherJob), state)).toMatchObject({
        code: 'already_running',
        message: expect.stringContaining(`A backfill of contacts in portal 4711 is already`),
      });
    expect(refusal(start(otherJob), given(start())).message).toBe(
      `A backfill of contacts in portal 4711 is already running (job ${jobId}).`,
    );
  });

  it('keeps the time the job started through pauses, stops and resumes: every page reads the records created up to then', () => {
    const later = '2026-11-24T11:30:00.000Z';
    const job = given(
      start(),
      page('200'),
      { ...act('PauseBackfill'), at: later },
      { ...act('ResumeBackfill'), at: later },
      { ...stop, at: later },
      { ...act('ResumeBackfill'), at: later },
      { ...page('400'), at: later },
    ).job!;
    expect(job.startedAt).toBe(at);
    expect(searchQuery(searchOf(job), { aboveId: job.cursor }, 200).filterGroups[0]!.filters).toContainEqual({
      propertyName: 'createdate',
      operator: 'LTE',
      value: String(Date.parse(at)),
    });
  });

  it('refuses to start undoing a job while that job, or any other of the portal and object type, is unfinished', () => {
    expect(refusal({ ...start(otherJob), undoOf: jobId } as BackfillCommand, given(start()))).toMatchObject({
      code: 'already_running',
    });
    expect(
      given(start(), act('CompleteBackfill'), { ...start(otherJob), undoOf: jobId } as BackfillCommand).job,
    ).toMatchObject({ jobId: otherJob, undoOf: jobId, state: 'running' });
  });

  it('records which records of a page an undo job restored, skipped or failed', () => {
    const undone = [{ objectId: '7', outcome: 'skipped' as const, reason: 'changed_since' as const }];
    const [event] = decideBackfill({ ...page('7'), undone } as BackfillCommand, given(start()));
    expect(event).toMatchObject({ type: 'BackfillPageProcessed', data: { cursor: '7', undone } });
  });

  it('starts a new job once the last one is completed or cancelled', () => {
    expect(given(start(), act('CompleteBackfill'), start(otherJob)).job?.jobId).toBe(otherJob);
    expect(given(start(), cancel, start(otherJob)).job?.jobId).toBe(otherJob);
  });

  it('adds each page to the progress and moves the cursor to its last record', () => {
    const job = given(
      start(),
      page('200'),
      page('400', { succeeded: 200, failuresByReason: {}, credits: 200 }),
    ).job;
    expect(job).toMatchObject({
      cursor: '400',
      done: 400,
      succeeded: 390,
      failuresByReason: { zip_not_found: 10 },
      credits: 390,
    });
  });

  it('records a page once: a page at or below the cursor (a retry after a crash) decides nothing', () => {
    const state = given(start(), page('400'));
    expect(decideBackfill(page('400'), state)).toEqual([]);
    expect(decideBackfill(page('399'), state)).toEqual([]);
  });

  it('compares cursors as numbers, not as text', () => {
    expect(decideBackfill(page('1000'), given(start(), page('999')))).toHaveLength(1);
  });

  it('still records the page under way when the job was paused or cancelled, since its records were charged', () => {
    expect(decideBackfill(page('200'), given(start(), act('PauseBackfill')))).toHaveLength(1);
    expect(decideBackfill(page('200'), given(start(), cancel))).toHaveLength(1);
  });

  it('pauses only a running job, and resumes a paused one from its cursor', () => {
    const resumed = given(start(), page('200'), act('PauseBackfill'), act('ResumeBackfill')).job;
    expect(resumed).toMatchObject({ state: 'running', cursor: '200' });
    expect(refusal(act('PauseBackfill'), given(start(), stop)).code).toBe('not_running');
  });

  it('resumes a job stopped for lack of credits or a refused token', () => {
    expect(given(start(), stop, act('ResumeBackfill')).job?.state).toBe('running');
    const authFailed: BackfillCommand = { ...stop, reason: 'auth_failed' } as BackfillCommand;
    expect(given(start(), authFailed).job?.state).toBe('auth_failed');
    expect(given(start(), authFailed, act('ResumeBackfill')).job?.state).toBe('running');
  });

  it('cancels any unfinished job, and cancelling it again decides nothing', () => {
    for (const before of [given(start()), given(start(), act('PauseBackfill')), given(start(), stop)])
      expect(decideBackfill(cancel, before)).toEqual([
        { type: 'BackfillCancelled', data: { jobId, reason: 'by_user', at } },
      ]);
    expect(decideBackfill(cancel, given(start(), cancel))).toEqual([]);
  });

  it('refuses to resume, pause or cancel a finished job', () => {
    const completed = given(start(), act('CompleteBackfill'));
    for (const command of [act('ResumeBackfill'), act('PauseBackfill'), cancel])
      expect(refusal(command, completed).code).toBe('finished');
    expect(refusal(act('ResumeBackfill'), given(start(), cancel)).code).toBe('finished');
  });

  it('stops and completes only a running job: a paused job is not completed under the user', () => {
    const paused = given(start(), act('PauseBackfill'));
    expect(decideBackfill(stop, paused)).toEqual([]);
    expect(decideBackfill(act('CompleteBackfill'), paused)).toEqual([]);
  });

  it('answers a command about another job as no such job', () => {
    expect(refusal(act('PauseBackfill', otherJob), given(start())).code).toBe('no_such_job');
  });
});

describe('backfill lookup ids', () => {
  it('name the job and the record, so a record is charged at most once per job', () => {
    const id = backfillLookupId(jobId, '90210');
    expect(backfillRecordOf(id)).toEqual({ jobId, objectId: '90210' });
    expect(backfillLookupId(jobId, '90210')).toBe(id);
    expect(backfillLookupId(otherJob, '90210')).not.toBe(id);
  });

  it('are told apart from the ids of live lookups', () => {
    expect(backfillRecordOf('4711-evt-1')).toBeUndefined();
  });
});

describe('a cancelled job refunds the records it charged and never wrote', () => {
  const inFlight = [
    backfillLookupId(jobId, '101'),
    backfillLookupId(otherJob, '102'),
    'webhook-4711-contact-103',
    backfillLookupId(jobId, '104'),
  ];

  it('a cancelled job gives back the charges of its own records still in flight, and only those', () => {
    expect(chargesToRefund({ jobId, state: 'cancelled' }, inFlight)).toEqual([
      backfillLookupId(jobId, '101'),
      backfillLookupId(jobId, '104'),
    ]);
  });

  it('a paused, stopped or running job keeps its charges in flight: it writes them when it resumes', () => {
    for (const state of ['running', 'paused', 'out_of_credits', 'auth_failed', 'completed'] as const)
      expect(chargesToRefund({ jobId, state }, inFlight)).toEqual([]);
  });

  it('a refunded record of a cancelled job counts as a failure of that job; no other failure does', () => {
    const lookupId = backfillLookupId(jobId, '104');
    expect(cancelledRecordOf({ lookupId, reason: 'backfill_cancelled' })).toEqual({ jobId, objectId: '104' });
    // Its pages count the job's other failures; a live lookup's is no job's.
    expect(cancelledRecordOf({ lookupId, reason: 'crm_update_failed' })).toBeUndefined();
    expect(cancelledRecordOf({ lookupId: '4711-99', reason: 'backfill_cancelled' })).toBeUndefined();
  });
});
