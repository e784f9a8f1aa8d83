import { randomUUID } from 'node:crypto';
import { jsonEvent, type EventData as KurrentEventData, type Position } from '@kurrent/kurrentdb-client';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../../domain/eventstore/types';
import { formatCheckpoint } from './checkpoint';

/**
 * Metadata key that marks which append call wrote an event. KurrentDB deduplicates a retried
 * append by event id and answers it exactly like the first one, so only this mark tells the first
 * write from a retry. It is stripped again on read.
 */
const APPEND_ATTEMPT = 'appendAttempt';

/** The fields of a client-side recorded event this adapter relies on. */
export interface StoredEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function newAppendAttempt(): string {
  return randomUUID();
}

export function toKurrentEvents(events: readonly NewEvent[], attempt: string): KurrentEventData[] {
  return events.map((event) =>
    jsonEvent({
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: { ...event.metadata, [APPEND_ATTEMPT]: attempt },
    }),
  );
}

/** Which append call wrote the event, when it was written through this adapter. */
export function appendAttemptOf(event: StoredEvent): string | undefined {
  if (!isPlainObject(event.metadata)) return undefined;
  const attempt = event.metadata[APPEND_ATTEMPT];
  return typeof attempt === 'string' ? attempt : undefined;
}

/** KurrentDB's own events ($stats, $settings, stream metadata, projection links) are not the product's. */
export function isSystemEvent(event: StoredEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/**
 * Why an event in the log cannot be one of the product's, or undefined when it can be. Only this
 * adapter writes product events; anything else was put in the log by another writer.
 */
export function whyUnreadable(event: StoredEvent): string | undefined {
  if (!event.isJson) return 'its data is not JSON';
  if (!isPlainObject(event.data)) return 'its data is not a JSON object';
  return undefined;
}

export function toRecorded(event: StoredEvent): RecordedEvent {
  const data = event.data;
  if (!event.isJson || !isPlainObject(data))
    throw new Error(`Event ${event.id} in ${event.streamId} cannot be read: ${whyUnreadable(event)}`);
  if (!event.position) {
    throw new Error(
      `KurrentDB did not report the log position of event ${event.id}; it needs server 22.6 or later`,
    );
  }
  const metadata: EventMetadata = {};
  if (isPlainObject(event.metadata)) {
    for (const [key, value] of Object.entries(event.metadata)) {
      if (key !== APPEND_ATTEMPT) metadata[key] = value;
    }
  }
  return {
    id: event.id,
    type: event.type,
    data,
    metadata,
    streamName: event.streamId,
    revision: event.revision,
    position: formatCheckpoint(event.position),
    recordedAt: event.created.toISOString(),
  };
}
