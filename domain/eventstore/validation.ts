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

const utf8 = new TextEncoder();

/**
 * The bytes an event takes as stored (its data and metadata as UTF-8 JSON) when they may pass
 * `limit`; 0 when they cannot. A UTF-16 code unit takes at most three bytes of UTF-8, so an event
 * whose JSON is under a third of the limit in code units is not encoded to be counted: encoding
 * every event was a tenth of the demo seed's appends.
 */
export function eventBytesOver(event: NewEvent, limit: number): number {
  const data = JSON.stringify(event.data);
  const metadata = JSON.stringify(event.metadata ?? {});
  if ((data.length + metadata.length) * 3 <= limit) return 0;
  const bytes = utf8.encode(data).byteLength + utf8.encode(metadata).byteLength;
  return bytes > limit ? bytes : 0;
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
    const bytes = eventBytesOver(event, MAX_EVENT_BYTES);
    if (bytes > 0) {
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
