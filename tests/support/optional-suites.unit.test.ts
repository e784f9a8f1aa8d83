import { describe, expect, it } from 'vitest';
import { missingUnderCi, skippedSuites, skipNotices } from './optional-suites';

const bare = { CHROMIUM_PATH: '/nonexistent/chromium' };

describe('suites that need what a fresh machine lacks', () => {
  it('are left out with one line each naming what is missing and how to enable them', () => {
    const skipped = skippedSuites(bare);
    expect(skipped.flatMap((s) => s.suites.files)).toEqual(['tests/e2e/**', 'tests/fleet/**']);
    expect(skipNotices(bare)).toEqual([
      expect.stringMatching(
        /^Skipped: the browser suites .*no chromium at \/nonexistent\/chromium.*CHROMIUM_PATH/,
      ),
      expect.stringMatching(/^Skipped: the PostgreSQL variants .*TEST_DATABASE_URL=postgres:/),
      expect.stringMatching(
        /^Skipped: the KurrentDB contract against a real server .*EVENTSTORE_URL=kurrentdb:/,
      ),
    ]);
  });

  it('under CI a missing browser is never a skip: the run stops at its start naming it', () => {
    const ci = { ...bare, CI: 'true', TEST_DATABASE_URL: 'postgres://db/test' };
    expect(skippedSuites(ci).flatMap((s) => s.suites.files)).not.toContain('tests/e2e/**');
    expect(missingUnderCi(ci)).toEqual([
      expect.stringMatching(
        /^CI=true: the browser suites .* must run, but no chromium at \/nonexistent\/chromium/,
      ),
    ]);
    expect(missingUnderCi(bare)).toEqual([]);
  });

  it('say nothing when everything is there', () => {
    const everything = {
      CHROMIUM_PATH: process.execPath,
      TEST_DATABASE_URL: 'postgres://db/test',
      EVENTSTORE_URL: 'kurrentdb://es:2113',
    };
    expect(skipNotices(everything)).toEqual([]);
  });
});
