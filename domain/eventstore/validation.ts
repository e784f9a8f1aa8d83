import {
  InvalidEventError,
  MAX_EVENT_BYTES,
  MAX_STREAM_PAGE,
  type NewEvent,
  type ReadStreamPageOptions,
} from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STREAM = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The bytes an event takes as stored: its data and metadata as UTF-8 JSON. */
export function eventBytes(event: NewEvent): number {
  const utf8 = new TextEncoder();
  return (
    utf8.encode(JSON.stringify(event.data)).byteLength +
    utf8.encode(JSON.stringify(event.metadata ?? {})).byteLength
  );
}

/** Refuses what must never reach storage: every adapter calls this before it writes. */
export function assertAppendable(stream: string, events: readonly NewEvent[]): void {
  if (!STREAM.test(stream)) throw new InvalidEventError(`Stream name "${stream.slice(0, 60)}" is not valid`);
  if (events.length === 0) throw new InvalidEventError('An append needs at least one event');
  const ids = new Set<string>();
  for (const [index, event] of events.entries()) {
    const where = `Event ${index} of ${stream}`;
    if (typeof event.type !== 'string' || event.type.length === 0 || event.type.length > 100) {
      throw new InvalidEventError(`${where} has no type`);
    }
    if (typeof event.id !== 'string' || !UUID.test(event.id))
      throw new InvalidEventError(`${where} needs a UUID id`);
    if (ids.has(event.id.toLowerCase())) throw new InvalidEventError(`${where} repeats id ${event.id}`);
    ids.add(event.id.toLowerCase());
    if (!isPlainObject(event.data))
      throw new InvalidEventError(`${where} (${event.type}): data must be an object`);
    if (event.metadata !== undefined && !isPlainObject(event.metadata)) {
      throw new InvalidEventError(`${where} (${event.type}): metadata must be an object`);
    }
    const bytes = eventBytes(event);
    if (bytes > MAX_EVENT_BYTES) {
      throw new InvalidEventError(
        `${where} (${event.type}, id ${event.id}) takes ${bytes} bytes; an event may take ${MAX_EVENT_BYTES}`,
      );
    }
  }
}

/** Refuses a page request no adapter should serve: a negative start or a size out of bounds. */
export function assertPageRequest({ fromRevision, limit }: ReadStreamPageOptions): void {
  if (fromRevision < 0n) throw new RangeError('A page starts at revision 0 or later');
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_STREAM_PAGE) {
    throw new RangeError(`A page holds 1 to ${MAX_STREAM_PAGE} events, not ${limit}`);
  }
}

/** The page a read of up to `limit` events came to: a short read is the stream's end. */
export function pageOf<E extends { revision: bigint }>(
  events: E[],
  limit: number,
): { events: E[]; next: bigint | null } {
  const last = events.at(-1);
  return { events, next: events.length < limit || !last ? null : last.revision + 1n };
}
