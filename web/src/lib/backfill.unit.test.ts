import { describe, expect, it } from 'vitest';
import {
  doneText,
  jobScopeText,
  jobTitle,
  restoredText,
  skipBreakdown,
  stateLabel,
  undoLabel,
} from './backfill';

describe('how a backfill job reads', () => {
  it('is named by its object type and portal', () => {
    expect(jobTitle({ objectType: 'contact', portalId: '123' })).toBe('Contacts in portal 123');
    expect(jobTitle({ objectType: 'company', portalId: '9' })).toBe('Companies in portal 9');
  });

  it('says how many records are done of how many', () => {
    expect(doneText({ done: 1200, total: 4500 })).toBe('1,200 of 4,500 records');
    expect(doneText({ done: 0, total: 1 })).toBe('0 of 1 record');
  });

  it('tells the state in words', () => {
    expect(stateLabel('out_of_credits')).toBe('Out of credits');
    expect(stateLabel('auth_failed')).toBe('Reconnect needed');
  });

  it('says which records it takes: a health-check fix names its class and the field it overwrites', () => {
    expect(jobScopeText({ scope: 'all', healthClass: 'state_not_zips' })).toBe(
      "Fix of states not their ZIP's (state overwritten)",
    );
    expect(jobScopeText({ scope: 'empty', healthClass: null })).toBe('Only empty mapped fields');
    expect(jobScopeText({ scope: 'all', healthClass: null }, true)).toBe('All with a ZIP');
  });
});

describe('how an undo job reads wherever it is listed', () => {
  it('is labelled with the short id of the job it reverses; a job that fills has no such label', () => {
    expect(undoLabel({ undoOf: '1a2b3c4d-5e6f-7a8b-9c0d-112233445566' })).toBe('Undo of 1a2b3c4d');
    expect(undoLabel({ undoOf: null })).toBeNull();
  });

  it('says how many records it restored, skipped and failed of how many', () => {
    expect(restoredText({ succeeded: 1200, skipped: 20, failed: 1, total: 1300 })).toBe(
      '1,200 restored, 20 skipped, 1 failed of 1,300',
    );
  });

  it('breaks the skipped records down by why, largest first, without reasons that hold none', () => {
    expect(skipBreakdown({ record_deleted: 1, changed_since: 3, before_unknown: 0 })).toEqual([
      {
        reason: 'changed_since',
        label: "changed since the job (a person's edit or a later lookup is never undone)",
        count: 3,
      },
      { reason: 'record_deleted', label: 'no longer in HubSpot', count: 1 },
    ]);
  });
});
