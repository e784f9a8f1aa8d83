import { describe, expect, it } from 'vitest';
import { fixExplanation, fixRequest } from './fix-class';

describe('fixing a health-check class from the health check', () => {
  it('asks for a backfill of every record with a ZIP, of that class only', () => {
    expect(fixRequest('company', 'state_not_zips')).toEqual({
      objectType: 'company',
      scope: 'all',
      healthClass: 'state_not_zips',
    });
  });

  it('says which field it overwrites, that the saved modes stay, and up to how many credits it costs', () => {
    expect(fixExplanation('state_not_zips', 312, false)).toBe(
      'A backfill of just these 312 records: the state of each is overwritten with its ZIP\'s ("Always ' +
        'overwrite" for this job only: your saved write modes stay as they are), and nothing else in it is ' +
        'written. It costs up to 312 credits, one per record written: the dry run tells exactly.',
    );
    expect(fixExplanation('county_not_zips', 1, false)).toMatch(
      /^A backfill of just these 1 record: the county /,
    );
    expect(fixExplanation('city_not_accepted', 1_204, true)).toMatch(
      /^A backfill of just these about 1,204 records: the city .* costs up to about 1,204 credits/,
    );
  });
});
