import { describe, expect, it } from 'vitest';
import {
  configStatus,
  creditRange,
  engagementLevel,
  groupStatus,
  percent,
  relativeTime,
  userStatus,
} from './rules';

const now = 1_773_144_000_000; // 2026-03-10T12:00:00Z
const ago = (ms: number) => now - ms;
const fullDate = (at: number) => `date:${at}`;

describe('log grouping status', () => {
  it('is error when any step of the request is an error', () => {
    expect(groupStatus(['info', 'warn', 'error', 'info'])).toBe('error');
  });
  it('is warning when a step warns and none is an error', () => {
    expect(groupStatus(['info', 'warn', 'debug'])).toBe('warning');
  });
  it('is success when every step is info or debug', () => {
    expect(groupStatus(['info', 'debug'])).toBe('success');
  });
});

describe('user status badge', () => {
  it('is Deleted for a deleted account, never Active nor Low Credits, whatever it did before', () => {
    expect(userStatus({ deleted: true, lookups24h: 3, credits: 2, creditThreshold: 10 })).toBe('Deleted');
  });
  it('is Active when the user looked something up in the last 24 hours, even with no credits left', () => {
    expect(userStatus({ lookups24h: 1, credits: 0, creditThreshold: 10 })).toBe('Active');
  });
  it('is No Credits when idle with a zero balance, before any threshold check', () => {
    expect(userStatus({ lookups24h: 0, credits: 0, creditThreshold: 10 })).toBe('No Credits');
  });
  it('is Low Credits when idle and below the threshold the user set', () => {
    expect(userStatus({ lookups24h: 0, credits: 9, creditThreshold: 10 })).toBe('Low Credits');
  });
  it('is Inactive when idle at or above the threshold, or with no threshold', () => {
    expect(userStatus({ lookups24h: 0, credits: 10, creditThreshold: 10 })).toBe('Inactive');
    expect(userStatus({ lookups24h: 0, credits: 3, creditThreshold: null })).toBe('Inactive');
  });
});

describe('configuration status', () => {
  it('is fully_configured with both mappings, contact_only or company_only with one, none without', () => {
    expect(configStatus(true, true)).toBe('fully_configured');
    expect(configStatus(true, false)).toBe('contact_only');
    expect(configStatus(false, true)).toBe('company_only');
    expect(configStatus(false, false)).toBe('none');
  });
});

describe('relative time', () => {
  it('says "Just now" under a minute', () =>
    expect(relativeTime(ago(59_000), now, fullDate)).toBe('Just now'));
  it('says "Nm ago" under an hour', () =>
    expect(relativeTime(ago(59 * 60_000), now, fullDate)).toBe('59m ago'));
  it('says "Nh ago" under a day', () =>
    expect(relativeTime(ago(23 * 3_600_000), now, fullDate)).toBe('23h ago'));
  it('says "Nd ago" under a week', () =>
    expect(relativeTime(ago(6 * 86_400_000), now, fullDate)).toBe('6d ago'));
  it('gives the full date from a week on', () =>
    expect(relativeTime(ago(7 * 86_400_000), now, fullDate)).toBe(`date:${ago(7 * 86_400_000)}`));
  it('says "Never" when there is no time', () => {
    expect(relativeTime(null, now, fullDate)).toBe('Never');
    expect(relativeTime(undefined, now, fullDate)).toBe('Never');
  });
});

describe('engagement levels', () => {
  it('is Never Used without any lookup', () =>
    expect(engagementLevel({ lookups7d: 0, lastLookupAt: null }, now)).toBe('Never Used'));
  it('is Highly Active from 50 lookups in the last 7 days', () =>
    expect(engagementLevel({ lookups7d: 50, lastLookupAt: ago(1000) }, now)).toBe('Highly Active'));
  it('is Active with fewer lookups in the last 7 days', () =>
    expect(engagementLevel({ lookups7d: 3, lastLookupAt: ago(1000) }, now)).toBe('Active'));
  it('is Recent when the last lookup is 7 to 30 days old', () =>
    expect(engagementLevel({ lookups7d: 0, lastLookupAt: ago(10 * 86_400_000) }, now)).toBe('Recent'));
  it('is Dormant when the last lookup is older than 30 days', () =>
    expect(engagementLevel({ lookups7d: 0, lastLookupAt: ago(31 * 86_400_000) }, now)).toBe('Dormant'));
});

describe('credit ranges', () => {
  it('puts each balance in exactly one range, zero on its own', () => {
    expect([0, 1, 10, 11, 50, 51, 100, 101, 500, 501, 1000, 1001, 5000, 5001].map(creditRange)).toEqual([
      '0',
      '1-10',
      '1-10',
      '11-50',
      '11-50',
      '51-100',
      '51-100',
      '101-500',
      '101-500',
      '501-1000',
      '501-1000',
      '1001-5000',
      '1001-5000',
      '5000+',
    ]);
  });
});

describe('success rate', () => {
  it('is a percentage with one decimal, and 0 when nothing was looked up', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
  });
});
