import { describe, expect, it } from 'vitest';
import { backfillLookupId } from '../backfill/events';
import { recordHistory, type RecordHistoryEvent } from './history';

const filled = (
  lookupId: string,
  values: Record<string, string>,
  before: Record<string, string> | undefined,
  more: { source?: 'webhook' | 'workflow' | 'backfill'; zip?: string; at?: string } = {},
): RecordHistoryEvent => ({
  type: 'LookupSucceeded',
  data: {
    lookupId,
    ...(more.source ? { source: more.source } : {}),
    zip: more.zip ?? '94105',
    filled: values,
    ...(before ? { before } : {}),
    at: more.at ?? '2026-11-27T10:00:00.000Z',
  },
});

describe('a record’s history', () => {
  it('shows each change with its time, source, ZIP, each field before → after and the credit it cost', () => {
    const history = recordHistory([
      filled('p-1', { city: 'San Francisco', state: 'CA' }, { city: '', state: 'ca' }, { source: 'webhook' }),
    ]);
    expect(history).toEqual([
      {
        kind: 'change',
        lookupId: 'p-1',
        at: '2026-11-27T10:00:00.000Z',
        source: { kind: 'live' },
        zip: '94105',
        fields: [
          { property: 'city', before: '', after: 'San Francisco' },
          { property: 'state', before: 'ca', after: 'CA' },
        ],
        credits: 1,
        undone: false,
      },
    ]);
  });

  it('names the backfill job of a change a job made, and the workflow of one a workflow asked for', () => {
    const jobId = '5d1c0f1e-0000-4000-8000-000000000001';
    const [job, workflow] = recordHistory([
      filled(backfillLookupId(jobId, '7'), { city: 'Boston' }, { city: '' }, { source: 'backfill' }),
      filled('wf-1', { city: 'Boston' }, { city: '' }, { source: 'workflow' }),
    ]);
    expect(job).toMatchObject({ source: { kind: 'backfill', jobId } });
    expect(workflow).toMatchObject({ source: { kind: 'workflow' } });
  });

  it('reads a lookup recorded before sources were as a live one', () => {
    expect(recordHistory([filled('p-1', { city: 'Boston' }, {})])[0]).toMatchObject({
      source: { kind: 'live' },
    });
  });

  it('shows the earlier value of a change recorded before changes kept it as unknown', () => {
    expect(recordHistory([filled('p-1', { city: 'Boston' }, undefined)])[0]).toMatchObject({
      fields: [{ property: 'city', before: null, after: 'Boston' }],
    });
  });

  it('shows an undo after the change it undid, free, from ZipFill’s value back to the earlier one, with the fields it kept', () => {
    const history = recordHistory([
      filled('p-1', { city: 'Boston', state: 'MA' }, { city: 'Bostn', state: '' }),
      {
        type: 'RecordChangeUndone',
        data: {
          lookupId: 'p-1',
          restored: { city: 'Bostn' },
          kept: [{ property: 'state', reason: 'changed_since' }],
          at: '2026-11-27T11:00:00.000Z',
        },
      },
    ]);
    expect(history).toEqual([
      expect.objectContaining({ kind: 'change', lookupId: 'p-1', undone: true }),
      {
        kind: 'undo',
        lookupId: 'p-1',
        at: '2026-11-27T11:00:00.000Z',
        fields: [{ property: 'city', before: 'Boston', after: 'Bostn' }],
        kept: [{ property: 'state', reason: 'changed_since' }],
        credits: 0,
      },
    ]);
  });
});
