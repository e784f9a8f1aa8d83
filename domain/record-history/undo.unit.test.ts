import { describe, expect, it } from 'vitest';
import type { RecordHistoryEvent } from './history';
import { decideUndo, propertiesToRead } from './undo';

const change = (
  lookupId: string,
  filled: Record<string, string>,
  before?: Record<string, string>,
): RecordHistoryEvent => ({
  type: 'LookupSucceeded',
  data: { lookupId, zip: '94105', filled, ...(before ? { before } : {}), at: '2026-11-27T10:00:00.000Z' },
});

const undone = (lookupId: string): RecordHistoryEvent => ({
  type: 'RecordChangeUndone',
  data: { lookupId, restored: {}, kept: [], at: '2026-11-27T11:00:00.000Z' },
});

const sf = change('l-2', { city: 'San Francisco', state: 'CA' }, { city: 'Boston', state: 'MA' });

describe('undoing a record’s last change', () => {
  it('restores each field’s earlier value where the record still holds what ZipFill wrote', () => {
    expect(decideUndo([sf], { city: 'San Francisco', state: 'CA' })).toEqual({
      kind: 'undo',
      lookupId: 'l-2',
      restore: { city: 'Boston', state: 'MA' },
      kept: [],
    });
  });

  it('keeps a field a person edited since, and restores the others', () => {
    expect(decideUndo([sf], { city: 'SF', state: 'CA' })).toEqual({
      kind: 'undo',
      lookupId: 'l-2',
      restore: { state: 'MA' },
      kept: [{ property: 'city', reason: 'changed_since' }],
    });
  });

  it('keeps a field emptied since: an empty field no longer holds ZipFill’s value', () => {
    expect(decideUndo([sf], { city: '', state: null })).toMatchObject({
      restore: {},
      kept: [
        { property: 'city', reason: 'changed_since' },
        { property: 'state', reason: 'changed_since' },
      ],
    });
  });

  it('restores an empty earlier value as empty', () => {
    expect(
      decideUndo([change('l-1', { county: 'Suffolk County' }, { county: '' })], { county: 'Suffolk County' }),
    ).toMatchObject({
      restore: { county: '' },
    });
  });

  it('undoes only the last change: an older one is not reached, and its fields are the later change’s', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), sf];
    expect(decideUndo(events, { city: 'San Francisco', state: 'CA' })).toMatchObject({
      lookupId: 'l-2',
      restore: { city: 'Boston', state: 'MA' },
    });
  });

  it('is idempotent: once the last change is undone, undoing again changes nothing and does not undo an older change', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), sf, undone('l-2')];
    expect(decideUndo(events, { city: 'Boston', state: 'MA' })).toEqual({
      kind: 'already_undone',
      lookupId: 'l-2',
    });
    expect(propertiesToRead(events)).toEqual([]);
  });

  it('undoes a change made after an undo', () => {
    const events = [change('l-1', { city: 'Boston' }, { city: '' }), undone('l-1'), sf];
    expect(decideUndo(events, { city: 'San Francisco', state: 'CA' })).toMatchObject({
      kind: 'undo',
      lookupId: 'l-2',
    });
  });

  it('refuses a change recorded before changes kept their earlier values', () => {
    expect(decideUndo([change('l-0', { city: 'Boston' })], { city: 'Boston' })).toEqual({
      kind: 'before_unknown',
      lookupId: 'l-0',
    });
  });

  it('keeps a field whose earlier value is not known (a resumed lookup’s write that had landed)', () => {
    expect(
      decideUndo([change('l-3', { city: 'Boston', state: 'MA' }, { state: '' })], {
        city: 'Boston',
        state: 'MA',
      }),
    ).toMatchObject({
      restore: { state: '' },
      kept: [{ property: 'city', reason: 'before_unknown' }],
    });
  });

  it('has nothing to undo on a record ZipFill never changed', () => {
    expect(decideUndo([], {})).toEqual({ kind: 'nothing_to_undo' });
  });

  it('reads only the fields the last change wrote', () => {
    expect(propertiesToRead([sf])).toEqual(['city', 'state']);
  });
});
