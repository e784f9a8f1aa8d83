import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendAttemptOf, isSystemEvent, toKurrentEvents, toRecorded, type StoredEvent } from './events';

const stored = (overrides: Partial<StoredEvent> = {}): StoredEvent => ({
  streamId: 'portal-42',
  id: randomUUID(),
  revision: 3n,
  type: 'CreditsGranted',
  created: new Date('2026-11-02T10:00:00.000Z'),
  isJson: true,
  data: { credits: 100 },
  metadata: { correlationId: 'c-1' },
  position: { commit: 1000n, prepare: 1000n },
  ...overrides,
});

describe('KurrentDB event mapping', () => {
  it('marks every event of one append with the same attempt, kept beside the caller metadata', () => {
    const events = [
      { id: randomUUID(), type: 'A', data: { a: 1 }, metadata: { userId: 'u-1' } },
      { id: randomUUID(), type: 'B', data: { b: 2 } },
    ];
    const written = toKurrentEvents(events, 'attempt-1');
    expect(written.map((e) => [e.id, e.type, e.contentType, e.data])).toEqual([
      [events[0]!.id, 'A', 'application/json', { a: 1 }],
      [events[1]!.id, 'B', 'application/json', { b: 2 }],
    ]);
    expect(written[0]!.metadata).toEqual({ userId: 'u-1', appendAttempt: 'attempt-1' });
    expect(appendAttemptOf(stored({ metadata: written[1]!.metadata }))).toBe('attempt-1');
  });

  it('reads back the caller metadata without the attempt mark, with the log position as checkpoint', () => {
    const event = stored({ metadata: { correlationId: 'c-1', appendAttempt: 'attempt-1' } });
    expect(toRecorded(event)).toEqual({
      id: event.id,
      type: 'CreditsGranted',
      data: { credits: 100 },
      metadata: { correlationId: 'c-1' },
      streamName: 'portal-42',
      revision: 3n,
      position: '1000:1000',
      recordedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(toRecorded(stored({ metadata: undefined })).metadata).toEqual({});
  });

  it('refuses an event that is not a JSON object instead of handing projections a guess', () => {
    expect(() => toRecorded(stored({ isJson: false, data: new Uint8Array([1]) }))).toThrow(
      /cannot be read: its data is not JSON/,
    );
    expect(() => toRecorded(stored({ data: [1, 2] }))).toThrow(/not a JSON object/);
    expect(() => toRecorded(stored({ position: undefined }))).toThrow(/log position/);
  });

  it("tells KurrentDB's own events from the product's", () => {
    expect(isSystemEvent(stored({ type: '$metadata', streamId: '$$portal-42' }))).toBe(true);
    expect(isSystemEvent(stored({ type: '$statsCollected', streamId: '$stats-127.0.0.1:2113' }))).toBe(true);
    expect(isSystemEvent(stored({ type: 'SomethingElse', streamId: '$settings' }))).toBe(true);
    expect(isSystemEvent(stored())).toBe(false);
  });
});
