import { describe, expect, it } from 'vitest';
import { dataDateText } from './zip-data';

describe('a ZIP data source date in words', () => {
  it('says as much as the source knows: a day, a month or a year', () => {
    expect(dataDateText('2026-03-11')).toBe('March 11, 2026');
    expect(dataDateText('2021-11')).toBe('November 2021');
    expect(dataDateText('2024')).toBe('2024');
  });
});
