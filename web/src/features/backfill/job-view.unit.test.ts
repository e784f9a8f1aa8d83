import { describe, expect, it } from 'vitest';
import type { BackfillState } from '@api/backfill/contract';
import { actionsFor, isRunning, rateText, stateSentence, timeLeftText } from './job-view';

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
