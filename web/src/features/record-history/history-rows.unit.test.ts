import { describe, expect, it } from 'vitest';
import { historyRows, valueText } from './history-rows';

describe('the history table', () => {
  it('shows an empty earlier value as (empty) and one not recorded as (not recorded)', () => {
    expect(valueText('')).toBe('(empty)');
    expect(valueText(null)).toBe('(not recorded)');
    expect(valueText('Boston')).toBe('Boston');
  });

  it('gives each field of a change its own row with the change’s time, source, ZIP and credit', () => {
    const rows = historyRows([
      {
        kind: 'change',
        lookupId: 'l-1',
        at: '2026-11-27T10:00:00.000Z',
        source: { kind: 'backfill', jobId: '5d1c0f1e-0000-4000-8000-000000000001' },
        zip: '02134',
        fields: [
          { property: 'city', before: '', after: 'Allston' },
          { property: 'state', before: 'ma', after: 'MA' },
        ],
        credits: 1,
        undone: true,
      },
    ]);
    expect(rows).toMatchObject([
      {
        source: 'Backfill job 5d1c0f1e (undone)',
        zip: '02134',
        field: 'city',
        before: '(empty)',
        after: 'Allston',
        credits: 1,
      },
      { field: 'state', before: 'ma', after: 'MA' },
    ]);
  });

  it('shows an undo free, with the fields it wrote back and those it kept', () => {
    const rows = historyRows([
      {
        kind: 'undo',
        lookupId: 'l-1',
        at: '2026-11-27T11:00:00.000Z',
        fields: [{ property: 'city', before: 'Allston', after: '' }],
        kept: [{ property: 'state', reason: 'changed_since' }],
        credits: 0,
      },
    ]);
    expect(rows).toMatchObject([
      { source: 'Undo', field: 'city', before: 'Allston', after: '(empty)', credits: 0 },
      { source: 'Undo', field: 'state', after: 'kept: changed since ZipFill wrote it', credits: 0 },
    ]);
  });
});
