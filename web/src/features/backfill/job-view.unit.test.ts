import { describe, expect, it } from 'vitest';
import type { BackfillProgress, BackfillState } from '@api/backfill/contract';
import {
  actionsFor,
  cancelQuestion,
  isRunning,
  jobFigures,
  jobNames,
  rateText,
  reportFileName,
  stateSentence,
  timeLeftText,
} from './job-view';

describe('the buttons a backfill job offers', () => {
  it('a running job can be paused or cancelled', () => {
    expect(actionsFor('running')).toEqual(['pause', 'cancel']);
  });

  it('a stopped job can be resumed or cancelled, whatever stopped it', () => {
    for (const state of ['paused', 'out_of_credits', 'auth_failed'] as const)
      expect(actionsFor(state)).toEqual(['resume', 'cancel']);
  });

  it('a finished job offers none', () => {
    expect(actionsFor('completed')).toEqual([]);
    expect(actionsFor('cancelled')).toEqual([]);
  });

  it('only a running job keeps the list refreshing', () => {
    const states: BackfillState[] = [
      'running',
      'paused',
      'out_of_credits',
      'auth_failed',
      'cancelled',
      'completed',
    ];
    expect(states.filter(isRunning)).toEqual(['running']);
  });
});

describe('what a backfill job says about its state', () => {
  it("uses the server's sentence when it gave one, its own otherwise", () => {
    expect(stateSentence({ state: 'paused', stateDetail: null })).toMatch(/Resume/);
    expect(stateSentence({ state: 'out_of_credits', stateDetail: null })).toMatch(/buy credits/);
    expect(stateSentence({ state: 'auth_failed', stateDetail: 'Token revoked.' })).toBe('Token revoked.');
  });

  it('says of a cancelled job that records charged but not written get their credits back and count as failed', () => {
    expect(stateSentence({ state: 'cancelled', stateDetail: null })).toBe(
      'Cancelled. Records filled before that keep their values; any charged but not yet written get their credits back and count as failed.',
    );
  });
});

describe('the rate and the time left of a backfill job', () => {
  it('shows the rate to one decimal below ten records a second, whole above', () => {
    expect(rateText(2.46)).toBe('2.5 records/s');
    expect(rateText(37.6)).toBe('38 records/s');
    expect(rateText(1500)).toBe('1,500 records/s');
  });

  it('shows no rate for a job that is not moving', () => {
    expect(rateText(0)).toBeNull();
  });

  it('rounds the time left to what a person plans by', () => {
    expect(timeLeftText(20)).toBe('less than a minute');
    expect(timeLeftText(12 * 60 + 10)).toBe('12 min');
    expect(timeLeftText(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(timeLeftText(2 * 3600)).toBe('2 h');
    expect(timeLeftText(52 * 3600)).toBe('2 days 4 h');
  });

  it('shows no time left when it is unknown', () => {
    expect(timeLeftText(null)).toBeNull();
  });
});

const PROGRESS: BackfillProgress = {
  done: 30,
  total: 40,
  succeeded: 20,
  nothingToUpdate: 6,
  failed: 4,
  failuresByReason: { zip_not_found: 4 },
  creditsSpent: 20,
  skipped: 0,
  skippedByReason: {},
  ratePerSecond: 0,
  secondsLeft: null,
};

describe('what an undo job shows, beside a job that fills', () => {
  it('a job that fills shows what it filled and the credits it spent, as before', () => {
    expect(jobFigures({ undoOf: null, progress: PROGRESS })).toEqual([
      ['Done', '30 of 40 records'],
      ['Filled', '20'],
      ['Nothing to update', '6'],
      ['Failed', '4'],
      ['Credits spent', '20'],
    ]);
  });

  it('an undo job shows restored, skipped and failed, and no credits: it is free', () => {
    const undo = { ...PROGRESS, succeeded: 25, nothingToUpdate: 0, failed: 1, creditsSpent: 0, skipped: 4 };
    expect(
      jobFigures({ undoOf: 'job-1', progress: { ...undo, ratePerSecond: 12, secondsLeft: 30 } }),
    ).toEqual([
      ['Done', '30 of 40 records'],
      ['Restored', '25'],
      ['Skipped', '4'],
      ['Failed', '1'],
      ['Rate', '12 records/s'],
      ['Time left', 'less than a minute'],
    ]);
  });

  it('an undo job is named after the job it reverses; a job that fills keeps its name', () => {
    expect(jobNames({ objectType: 'contact', portalId: '1', undoOf: null }, null)).toEqual({
      title: 'Contacts in portal 1',
      subject: 'the backfill of Contacts in portal 1',
      progressLabel: 'Backfill of Contacts in portal 1',
    });
    expect(
      jobNames({ objectType: 'contact', portalId: '1', undoOf: 'abcdef12-34' }, 'Nov 27, 12:30'),
    ).toEqual({
      title: 'Undo of the contacts backfill of Nov 27, 12:30 in portal 1',
      subject: 'the undo of the contacts backfill of Nov 27, 12:30 in portal 1',
      progressLabel: 'Undo of the contacts backfill of Nov 27, 12:30 in portal 1',
    });
  });

  it('an undo job says it restores, and a cancelled one that nothing was charged', () => {
    expect(stateSentence({ state: 'running', stateDetail: null, undoOf: 'job-1' })).toBe(
      'Restoring records now.',
    );
    expect(stateSentence({ state: 'cancelled', stateDetail: null, undoOf: 'job-1' })).toBe(
      'Cancelled. Records restored before that keep their earlier values; the rest are left as they are.',
    );
    expect(stateSentence({ state: 'completed', stateDetail: null, undoOf: 'job-1' })).toBe('Done.');
  });

  it('cancelling an undo job says restored records keep their earlier values', () => {
    expect(cancelQuestion({ undoOf: 'job-1' }, 'the undo of job x')).toBe(
      'Cancel the undo of job x? Records restored so far keep their earlier values; the rest are left as they are.',
    );
    expect(cancelQuestion({ undoOf: null }, 'the backfill of Contacts in portal 1')).toBe(
      'Cancel the backfill of Contacts in portal 1? Records filled so far keep their values; the rest are left as they are.',
    );
  });

  it("an undo job's report is saved as an undo's, as the server names it", () => {
    const job = { jobId: 'j2', objectType: 'contact' as const, portalId: '7' };
    expect(reportFileName({ ...job, undoOf: 'j1' })).toBe('zipfill-undo-contact-7-j2.csv');
    expect(reportFileName({ ...job, undoOf: null })).toBe('zipfill-backfill-contact-7-j2.csv');
  });
});
