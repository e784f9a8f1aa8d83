import { describe, expect, it } from 'vitest';
import type { BackfillProgress, BackfillState } from '@api/backfill/contract';
import {
  canUndo,
  undoEstimateNote,
  undoJobTitle,
  undoSkipLines,
  undoStartLabel,
  undoSum,
  undoneJobName,
} from './undo-view';

const progress = (succeeded: number): Pick<BackfillProgress, 'succeeded'> => ({ succeeded });
const job = (state: BackfillState, succeeded: number, undoOf: string | null = null) => ({
  state,
  undoOf,
  progress: progress(succeeded) as BackfillProgress,
});

describe('which jobs offer "Undo this job"', () => {
  it('a completed or cancelled job that filled records offers it', () => {
    expect(canUndo(job('completed', 2))).toBe(true);
    expect(canUndo(job('cancelled', 1))).toBe(true);
  });

  it('a job still running or stopped does not: only a finished job can be undone', () => {
    for (const state of ['running', 'paused', 'out_of_credits', 'auth_failed', 'crm_refused'] as const)
      expect(canUndo(job(state, 5))).toBe(false);
  });

  it('a job that filled nothing does not: there is nothing to undo', () => {
    expect(canUndo(job('completed', 0))).toBe(false);
  });

  it('an undo job does not: an undo is never undone as a whole', () => {
    expect(canUndo(job('completed', 3, 'job-1'))).toBe(false);
  });

  it('a job whose undo is under way or completed does not; after a cancelled undo it does again', () => {
    for (const state of ['running', 'paused', 'completed'] as const)
      expect(canUndo(job('completed', 3), { state })).toBe(false);
    expect(canUndo(job('completed', 3), { state: 'cancelled' })).toBe(true);
  });
});

describe('how an undo names the job it reverses', () => {
  const contacts = { objectType: 'contact' as const, portalId: '123' };

  it('by its object type and when it started, when that job is at hand', () => {
    expect(undoneJobName(contacts, 'abcdef12-3456', 'Nov 27, 12:30')).toBe(
      'the contacts backfill of Nov 27, 12:30 in portal 123',
    );
    expect(undoJobTitle({ ...contacts, undoOf: 'abcdef12-3456' }, 'Nov 27, 12:30')).toBe(
      'Undo of the contacts backfill of Nov 27, 12:30 in portal 123',
    );
  });

  it('by its short id when it is not', () => {
    expect(undoJobTitle({ objectType: 'company', portalId: '9', undoOf: 'abcdef12-3456' }, null)).toBe(
      'Undo of backfill job abcdef12 in portal 9',
    );
  });
});

describe("what the undo's dry run says", () => {
  it('says how many are skipped and why, in words, largest first', () => {
    expect(undoSkipLines({ skipped: { already_undone: 1, changed_since: 20, record_deleted: 0 } })).toEqual([
      "20 skipped: changed since the job (a person's edit or a later lookup is never undone)",
      '1 skipped: already undone (on the record, or by an earlier undo of this job)',
    ]);
  });

  it('shows estimated figures as estimates', () => {
    const estimated = { estimate: { examined: 10_000 }, recordsChanged: 40_000, wouldRestore: 36_000 };
    expect(undoSkipLines({ ...estimated, skipped: { changed_since: 4_000 } })).toEqual([
      "about 4,000 skipped: changed since the job (a person's edit or a later lookup is never undone)",
    ]);
    expect(undoSum(estimated)).toBe(
      '40,000 changed by the job = about 36,000 to restore + about 4,000 left as they are.',
    );
    expect(undoStartLabel(estimated)).toBe('Undo about 36,000 records');
  });

  it('adds the records up: those to restore and those left as they are', () => {
    expect(undoSum({ recordsChanged: 25, wouldRestore: 5 })).toBe(
      '25 changed by the job = 5 to restore + 20 left as they are.',
    );
  });

  it('says where an estimate comes from, and nothing when every record was read', () => {
    expect(undoEstimateNote({ recordsChanged: 40_000, estimate: { examined: 10_000 } })).toBe(
      'Estimated from the first 10,000 of 40,000 records: the undo itself looks at every record.',
    );
    expect(undoEstimateNote({ recordsChanged: 25 })).toBeNull();
  });

  it('offers to undo the records it would restore, and no start when it would restore none', () => {
    expect(undoStartLabel({ wouldRestore: 1 })).toBe('Undo 1 record');
    expect(undoStartLabel({ wouldRestore: 1_204 })).toBe('Undo 1,204 records');
    expect(undoStartLabel({ wouldRestore: 0 })).toBeNull();
  });
});
