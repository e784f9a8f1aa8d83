import { describe, expect, it } from 'vitest';
import { doneText, jobScopeText, jobTitle, stateLabel } from './backfill';

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
