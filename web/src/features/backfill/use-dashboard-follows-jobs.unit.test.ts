import { describe, expect, it } from 'vitest';
import type { BackfillJob, BackfillState } from '@api/backfill/contract';
import { jobsMark, staleReads } from './use-dashboard-follows-jobs';

const job = (state: BackfillState, creditsSpent: number) =>
  ({ state, progress: { creditsSpent } }) as BackfillJob;

describe('the dashboard while backfill jobs run', () => {
  it('counts the credits all jobs spent and the jobs running', () => {
    expect(jobsMark([job('running', 5), job('completed', 7), job('paused', 1)])).toEqual({
      spent: 13,
      running: 1,
    });
  });

  it('reads the balance again when a job spent credits', () => {
    expect(staleReads({ spent: 3, running: 1 }, { spent: 5, running: 1 })).toEqual(['Balance']);
  });

  it('reads the balance and the usage again when a job starts or stops', () => {
    expect(staleReads({ spent: 5, running: 1 }, { spent: 5, running: 0 })).toEqual(['Balance', 'Usage']);
  });

  it('reads nothing again when nothing moved, nor on the first reading', () => {
    expect(staleReads({ spent: 5, running: 0 }, { spent: 5, running: 0 })).toEqual([]);
    expect(staleReads(undefined, { spent: 5, running: 1 })).toEqual([]);
  });
});
