import { describe, expect, it } from 'vitest';
import { SAMPLE_COUNTS as counts } from './sample-counts';
import { fixButtonText, healthEstimateNote, healthFigure, problemCount } from './health-view';

describe('how the health check’s figures read', () => {
  it('counts as to fix every class but a ZIP spanning several counties and a consistent record', () => {
    expect(problemCount(counts)).toBe(11);
  });

  it('says an estimated check’s figures are "about" and where they come from, and an exact one’s plainly', () => {
    const estimated = { recordsInScope: 82_726, estimate: { examined: 10_000 } };
    expect(healthFigure(estimated, 1_204)).toBe('about 1,204');
    expect(healthEstimateNote(estimated)).toBe(
      'Estimated from the first 10,000 of 82,726 records (the oldest): the CSV lists those.',
    );
    expect(healthFigure({}, 1_204)).toBe('1,204');
    expect(healthEstimateNote({ recordsInScope: 12 })).toBeNull();
  });

  it('offers to fix a class by its count, "about" when the check was estimated', () => {
    expect(fixButtonText({}, 312)).toBe('Fix these 312 records');
    expect(fixButtonText({}, 1)).toBe('Fix this record');
    expect(fixButtonText({ estimate: { examined: 10_000 } }, 1_204)).toBe('Fix these records (about 1,204)');
  });
});
