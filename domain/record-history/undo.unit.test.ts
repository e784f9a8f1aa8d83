import { describe, expect, it } from 'vitest';
import type { RecordHistoryEvent } from './history';
import {
  emptyUndoTally,
  planJobUndo,
  propertiesWrittenBy,
  tallyUndo,
  undoFigures,
  undoRefusal,
} from './job-undo';
import { decideUndo, propertiesToRead } from './undo';

const change = (
  lookupId: string,
  filled: Record<string, string>,
  before?: Record<string, string>,
): RecordHistoryEvent => ({
  type: 'LookupSucceeded',
  data: { lookupId, zip: '94105', filled, ...(before ? { before } : {}), at: '2026-11-27T10:00:00.000Z' },
});

const undone = (lookupId: string, undoJobId?: string): RecordHistoryEvent => ({
  type: 'RecordChangeUndone',
  data: {
    lookupId,
    restored: {},
    kept: [],
    ...(undoJobId ? { undoJobId } : {}),
    at: '2026-11-27T11:00:00.000Z',
  },
});

const sf = change('l-2', { city: 'San Francisco', state: 'CA' }, { city: 'Boston', state: 'MA' });

describe('undoing a record’s last change', () => {
  it('restores each field’s earlier value where the record still holds what ZipFill wrote', () => {
    expect(decideUndo([sf], { city: 'San Francisco', state: 'CA' })).toEqual({
      kind: 'undo',
      lookupId: 'l-2',
      restore: { city: 'Boston', state: 'MA' },
      kept: [],
    });
  });

  it('keeps a field a person edited since, and restores the others', () => {
    expect(decideUndo([sf], { city: 'SF', state: 'CA' })).toEqual({
      kind: 'undo',
      lookupId: 'l-2',
      restore: { state: 'MA' },
      kept: [{ property: 'city', reason: 'changed_since' }],
    });
  });

  it('keeps a field emptied since: an empty field no longer holds ZipFill’s value', () => {
    expect(decideUndo([sf], { city: '', state: null })).toMatchObject({
      restore: {},
      kept: [
        { property: 'city', reason: 'changed_since' },
        { property: 'state', reason: 'changed_since' },
      ],
    });
  });

  it('restores an empty earlier value as empty', () => {
    expect(
      decideUndo([change('l-1', { county: 'Suffolk County' }, { county: '' })], { county: 'Suffolk County' }),
    ).toMatchObject({
      restore: { county: '' },
    });
  });

  it('undoes only the last change: an older one is not reached, and its fields are the later change’s', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), sf];
    expect(decideUndo(events, { city: 'San Francisco', state: 'CA' })).toMatchObject({
      lookupId: 'l-2',
      restore: { city: 'Boston', state: 'MA' },
    });
  });

  it('is idempotent: once the last change is undone, undoing again changes nothing and does not undo an older change', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), sf, undone('l-2')];
    expect(decideUndo(events, { city: 'Boston', state: 'MA' })).toEqual({
      kind: 'already_undone',
      lookupId: 'l-2',
    });
    expect(propertiesToRead(events)).toEqual([]);
  });

  it('undoes a change made after an undo', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), undone('l-1'), sf];
    expect(decideUndo(events, { city: 'San Francisco', state: 'CA' })).toMatchObject({
      kind: 'undo',
      lookupId: 'l-2',
    });
  });

  it('refuses a change recorded before changes kept their earlier values', () => {
    expect(decideUndo([change('l-0', { city: 'Boston' })], { city: 'Boston' })).toEqual({
      kind: 'before_unknown',
      lookupId: 'l-0',
    });
  });

  it('keeps a field whose earlier value is not known (a resumed lookup’s write that had landed)', () => {
    expect(
      decideUndo([change('l-3', { city: 'Boston', state: 'MA' }, { state: '' })], {
        city: 'Boston',
        state: 'MA',
      }),
    ).toMatchObject({
      restore: { state: '' },
      kept: [{ property: 'city', reason: 'before_unknown' }],
    });
  });

  it('has nothing to undo on a record ZipFill never changed', () => {
    expect(decideUndo([], {})).toEqual({ kind: 'nothing_to_undo' });
  });

  it('reads only the fields the last change wrote', () => {
    expect(propertiesToRead([sf])).toEqual(['city', 'state']);
  });
});

const JOB_CHANGE = 'backfill-job-1-101';
const UNDO_JOB = 'undo-job-1';

const byJob = change(JOB_CHANGE, { city: 'San Francisco', state: 'CA' }, { city: '', state: 'MA' });
const asWritten = { city: 'San Francisco', state: 'CA' };

describe('undoing a job, record by record', () => {
  it('restores the values a record held before the job where it still holds what the job wrote', () => {
    expect(planJobUndo([byJob], JOB_CHANGE, asWritten, UNDO_JOB)).toEqual({
      kind: 'restore',
      lookupId: JOB_CHANGE,
      restore: { city: '', state: 'MA' },
      kept: [],
    });
  });

  it('keeps a field a person edited since and restores the rest of the record', () => {
    expect(planJobUndo([byJob], JOB_CHANGE, { city: 'SF', state: 'CA' }, UNDO_JOB)).toEqual({
      kind: 'restore',
      lookupId: JOB_CHANGE,
      restore: { state: 'MA' },
      kept: [{ property: 'city', reason: 'changed_since' }],
    });
  });

  it('skips a record whose every field a person changed since', () => {
    expect(planJobUndo([byJob], JOB_CHANGE, { city: 'SF', state: 'NV' }, UNDO_JOB)).toMatchObject({
      kind: 'skip',
      reason: 'changed_since',
    });
  });

  it('never undoes a later lookup: a record changed again by ZipFill after the job is skipped', () => {
    const later = change('live-7', { city: 'Oakland' }, { city: 'San Francisco' });
    expect(planJobUndo([byJob, later], JOB_CHANGE, { city: 'Oakland', state: 'CA' }, UNDO_JOB)).toMatchObject(
      {
        kind: 'skip',
        reason: 'changed_since',
      },
    );
  });

  it('skips a record whose change by the job was undone already, on the card or by another undo', () => {
    expect(planJobUndo([byJob, undone(JOB_CHANGE)], JOB_CHANGE, {}, UNDO_JOB)).toMatchObject({
      kind: 'skip',
      reason: 'already_undone',
    });
    expect(
      planJobUndo([byJob, undone(JOB_CHANGE, 'an-earlier-undo-job')], JOB_CHANGE, {}, UNDO_JOB),
    ).toMatchObject({ kind: 'skip', reason: 'already_undone' });
  });

  it('counts a record this undo job restored already as restored, without writing it again (a resumed page)', () => {
    expect(planJobUndo([byJob, undone(JOB_CHANGE, UNDO_JOB)], JOB_CHANGE, {}, UNDO_JOB)).toEqual({
      kind: 'restored_already',
      lookupId: JOB_CHANGE,
    });
  });

  it('counts a field already holding its earlier value as restored (its write went out before a crash)', () => {
    expect(planJobUndo([byJob], JOB_CHANGE, { city: '', state: 'MA' }, UNDO_JOB)).toEqual({
      kind: 'restore',
      lookupId: JOB_CHANGE,
      restore: { city: '', state: 'MA' },
      kept: [],
    });
  });

  it('skips a record HubSpot no longer has', () => {
    expect(planJobUndo([byJob], JOB_CHANGE, undefined, UNDO_JOB)).toMatchObject({
      kind: 'skip',
      reason: 'record_deleted',
    });
  });

  it('skips a change recorded before changes kept the values they replaced, or whose history was forgotten', () => {
    const unknown = change(JOB_CHANGE, { city: 'Boston' });
    expect(planJobUndo([unknown], JOB_CHANGE, { city: 'Boston' }, UNDO_JOB)).toMatchObject({
      reason: 'before_unknown',
    });
    expect(planJobUndo([], JOB_CHANGE, { city: 'Boston' }, UNDO_JOB)).toMatchObject({
      reason: 'before_unknown',
    });
  });

  it('reads from each record only the properties the job wrote', () => {
    expect(propertiesWrittenBy([change('live-1', { county: 'X' }), byJob], JOB_CHANGE)).toEqual([
      'city',
      'state',
    ]);
    expect(propertiesWrittenBy([], JOB_CHANGE)).toEqual([]);
  });
});

describe('which jobs can be undone', () => {
  it('undoes a completed or cancelled job that changed records', () => {
    expect(undoRefusal({ state: 'completed', undoOf: null, succeeded: 3 })).toBeUndefined();
    expect(undoRefusal({ state: 'cancelled', undoOf: null, succeeded: 3 })).toBeUndefined();
  });

  it('refuses a job still running, paused or stopped, an undo job, and a job that changed nothing', () => {
    expect(undoRefusal({ state: 'paused', undoOf: null, succeeded: 3 })).toMatch(/Only a finished job/);
    expect(undoRefusal({ state: 'completed', undoOf: 'job-0', succeeded: 3 })).toMatch(
      /cannot itself be undone/,
    );
    expect(undoRefusal({ state: 'completed', undoOf: null, succeeded: 0 })).toMatch(/changed no record/);
  });
});

describe('the dry run of undoing a job', () => {
  const plans = [
    planJobUndo([byJob], JOB_CHANGE, asWritten, UNDO_JOB),
    planJobUndo([byJob], JOB_CHANGE, asWritten, UNDO_JOB),
    planJobUndo([byJob], JOB_CHANGE, asWritten, UNDO_JOB),
    planJobUndo([byJob], JOB_CHANGE, { city: 'SF', state: 'NV' }, UNDO_JOB),
  ];
  const tally = plans.reduce(tallyUndo, emptyUndoTally());

  it('counts the records it would restore and those it would skip, by why', () => {
    expect(undoFigures(tally, 4)).toEqual({
      recordsChanged: 4,
      wouldRestore: 3,
      skipped: { changed_since: 1 },
    });
  });

  it('estimates a large job from the records it read, the parts adding up to every record the job changed', () => {
    expect(undoFigures(tally, 1_000)).toEqual({
      recordsChanged: 1_000,
      wouldRestore: 750,
      skipped: { changed_since: 250 },
      estimate: { examined: 4 },
    });
  });
});
