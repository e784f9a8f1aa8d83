import { describe, expect, it } from 'vitest';
import { mergeRings, ringOf, slotOf, weekTotal, WEEK_SLOTS, type WeekRing } from './week-ring';

const ringOfDays = (lookups: Array<[day: string, count: number]>) =>
  lookups.map(([day, n]) => ringOf(day, n)).reduce(mergeRings);

describe("a user's lookups over their last seven days", () => {
  it('give seven days in a row seven different slots, and a day the slot of the day a week before it', () => {
    const week = [
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ];
    expect(new Set(week.map(slotOf)).size).toBe(WEEK_SLOTS);
    expect(slotOf('2026-03-11')).toBe(slotOf('2026-03-04'));
    // Across a month's and a year's end alike.
    expect(slotOf('2027-01-01')).toBe(slotOf('2026-12-25'));
  });

  it("count today and the six days before it, and not the day a week ago that today's slot held", () => {
    const ring = ringOfDays([
      ['2026-03-03', 5], // a week before 2026-03-10, in its slot
      ['2026-03-04', 2],
      ['2026-03-10', 3],
      ['2026-03-10', 4],
    ]);
    expect(weekTotal(ring, '2026-03-04')).toBe(2 + 3 + 4);
    expect(weekTotal(ring, '2026-03-05')).toBe(7);
  });

  it('add up the same day, keep the newer of two days a week apart, and come out the same in any order', () => {
    const lookups: Array<[string, number]> = [
      ['2026-03-01', 1],
      ['2026-03-08', 2],
      ['2026-03-08', 3],
      ['2026-03-02', 4],
      ['2026-03-09', 5],
    ];
    const inOrder = ringOfDays(lookups);
    const late = ringOfDays([...lookups].reverse());
    expect(late).toEqual(inOrder);
    expect(weekTotal(inOrder, '2026-03-03')).toBe(2 + 3 + 5);
    expect(weekTotal(inOrder, '2026-02-28')).toBe(2 + 3 + 5); // the older days were replaced
  });

  it('hold nothing for a user with no lookups', () => {
    const none: WeekRing = { days: Array(WEEK_SLOTS).fill(''), counts: Array(WEEK_SLOTS).fill(0) };
    expect(weekTotal(none, '1970-01-01')).toBe(0);
    expect(mergeRings(none, ringOf('2026-03-10', 2))).toEqual(ringOf('2026-03-10', 2));
  });
});
