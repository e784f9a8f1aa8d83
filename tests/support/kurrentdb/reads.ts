import { randomUUID } from 'node:crypto';
import type { ServerWritableStream } from '@grpc/grpc-js';
import { streamDeleted } from './errors';
import type { LogRecord, LogView, TransactionLog } from './log';
import { grpc, sharedPb, streamsPb, timestampPb, type ReadReq, type ReadResp } from './protocol';
import type { Admission } from './admission';

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;
type Options = InstanceType<typeof streamsPb.ReadReq.Options>;
const { ReadResp: Resp } = streamsPb;
const { Options: ReqOptions } = streamsPb.ReadReq;

/** Events a filtered subscription considers between two checkpoints, per interval step (client docs: 32). */
const DEFAULT_SEARCH_WINDOW = 32;

function uuid(id: string, structured: boolean) {
  const result = new sharedPb.UUID();
  if (!structured) {
    result.setString(id);
    return result;
  }
  const hex = id.replaceAll('-', '');
  const signed = (bits: string) => BigInt.asIntN(64, BigInt(`0x${bits}`)).toString();
  const parts = new sharedPb.UUID.Structured();
  parts.setMostSignificantBits(signed(hex.slice(0, 16)));
  parts.setLeastSignificantBits(signed(hex.slice(16)));
  result.setStructured(parts);
  return result;
}

function identifier(stream: string) {
  const result = new sharedPb.StreamIdentifier();
  result.setStreamName(Buffer.from(stream));
  return result;
}

function eventMessage(record: LogRecord, structured: boolean): ReadResp {
  const recorded = new Resp.ReadEvent.RecordedEvent();
  recorded.setId(uuid(record.id, structured));
  recorded.setStreamIdentifier(identifier(record.stream));
  recorded.setStreamRevision(record.revision.toString());
  recorded.setCommitPosition(record.position.toString());
  recorded.setPreparePosition(record.position.toString());
  recorded
    .getMetadataMap()
    .set('type', record.type)
    .set('content-type', record.contentType)
    .set('created', record.created.toString());
  recorded.setCustomMetadata(record.customMetadata);
  recorded.setData(record.data);
  const event = new Resp.ReadEvent();
  event.setEvent(recorded);
  event.setCommitPosition(record.position.toString());
  const message = new Resp();
  message.setEvent(event);
  return message;
}

/** The filter of a $all read or subscription: on stream name or event type, by regex or prefixes. */
function filterOf(options: Options): ((record: LogRecord) => boolean) | undefined {
  if (!options.hasFilter()) return undefined;
  const filter = options.getFilter()!;
  const onType = filter.hasEventType();
  const expression = onType ? filter.getEventType()! : filter.getStreamIdentifier()!;
  const prefixes = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  return (record) => {
    const name = onType ? record.type : record.stream;
    if (prefixes.length > 0) return prefixes.some((p) => name.startsWith(p));
    return regex ? regex.test(name) : true;
  };
}

/** One message at a time, waiting while the client's window is full. */
async function send(call: ReadCall, message: ReadResp): Promise<void> {
  if (call.write(message)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}

function readStream(call: ReadCall, log: LogView, options: Options): void {
  const streamOptions = options.getStream()!;
  const name = Buffer.from(streamOptions.getStreamIdentifier()!.getStreamName_asU8()).toString('utf8');
  const structured = options.getUuidOption()?.hasStructured() ?? false;
  const stored = log.stream(name);
  if (stored === 'deleted') return void call.emit('error', streamDeleted(name));
  if (!stored || stored.length === 0) {
    const missing = new Resp.StreamNotFound();
    missing.setStreamIdentifier(identifier(name));
    const message = new Resp();
    message.setStreamNotFound(missing);
    call.write(message);
    return void call.end();
  }
  const backwards = options.getReadDirection() === ReqOptions.ReadDirection.BACKWARDS;
  const count = Number(options.getCount());
  const last = stored.length - 1;
  let from: number;
  if (streamOptions.hasStart()) from = backwards ? -1 : 0;
  else if (streamOptions.hasEnd()) from = backwards ? last : stored.length;
  else {
    const revision = BigInt(streamOptions.getRevision());
    from = backwards ? Number(revision > BigInt(last) ? BigInt(last) : revision) : Number(revision);
  }
  const step = backwards ? -1 : 1;
  for (let i = from, sent = 0; i >= 0 && i < stored.length && sent < count; i += step, sent++) {
    call.write(eventMessage(stored[i]!, structured));
  }
  call.end();
}

/**
 * A $all read: forwards from a position includes the event at it, backwards from a position
 * stops before it (KurrentDB `AllReader`: a forward pass keeps records at `>= pos`, a backward
 * pass those whose end lies `<= pos`).
 */
function readAll(call: ReadCall, log: LogView, options: Options): void {
  const allOptions = options.getAll()!;
  const backwards = options.getReadDirection() === ReqOptions.ReadDirection.BACKWARDS;
  const structured = options.getUuidOption()?.hasStructured() ?? false;
  const count = Number(options.getCount());
  const allowed = filterOf(options) ?? (() => true);
  let from: number;
  if (allOptions.hasStart()) from = backwards ? -1 : 0;
  else if (allOptions.hasEnd()) from = backwards ? log.all.length - 1 : log.all.length;
  else {
    const index = log.indexAt(BigInt(allOptions.getPosition()!.getCommitPosition()));
    from = backwards ? index - 1 : index;
  }
  const step = backwards ? -1 : 1;
  let sent = 0;
  for (let i = from; i >= 0 && i < log.all.length && sent < count; i += step) {
    const record = log.all[i]!;
    if (!allowed(record)) continue;
    call.write(eventMessage(record, structured));
    sent++;
  }
  call.end();
}

/**
 * A catch-up subscription to $all. It starts after the position it is given ("The positions
 * provided to the subscriptions are exclusive", client docs, docs/api/subscriptions.md), sends
 * what is stored, then "caught up", then every new event as it is written: one cursor walks the
 * log, so nothing is skipped or sent twice. A filtered one sends a checkpoint every
 * `checkpointIntervalMultiplier × window` events it considered (32 by default, the same page).
 */
function subscribeToAll(call: ReadCall, log: TransactionLog, options: Options, admission: Admission): void {
  const allOptions = options.getAll()!;
  const structured = options.getUuidOption()?.hasStructured() ?? false;
  const allowed = filterOf(options);
  const filter = options.getFilter();
  const interval = filter
    ? (filter.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW) *
      Math.max(1, filter.getCheckpointintervalmultiplier())
    : 0;
  let cursor: number;
  if (allOptions.hasStart()) cursor = 0;
  else if (allOptions.hasEnd()) cursor = log.all.length;
  else {
    const position = BigInt(allOptions.getPosition()!.getCommitPosition());
    cursor = log.indexAt(position);
    if (log.all[cursor]?.position === position) cursor++;
  }
  let considered = 0;
  let caughtUp = false;
  let draining = false;
  let again = false;
  let ended = false;

  const confirmation = new Resp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new Resp();
  confirmed.setConfirmation(confirmation);
  call.write(confirmed);

  const drain = async () => {
    if (draining) return void (again = true);
    draining = true;
    try {
      do {
        again = false;
        await admission.stalled();
        while (!ended && cursor < log.all.length) {
          const record = log.all[cursor++]!;
          considered++;
          if (!allowed || allowed(record)) await send(call, eventMessage(record, structured));
          if (interval > 0 && considered % interval === 0) {
            const checkpoint = new Resp.Checkpoint();
            checkpoint.setCommitPosition(record.position.toString());
            checkpoint.setPreparePosition(record.position.toString());
            const message = new Resp();
            message.setCheckpoint(checkpoint);
            await send(call, message);
          }
        }
        if (!caughtUp && !ended) {
          caughtUp = true;
          const signal = new Resp.CaughtUp();
          signal.setTimestamp(timestampPb.Timestamp.fromDate(new Date()));
          const last = log.all.at(cursor - 1);
          if (last) {
            const position = new Resp.Position();
            position.setCommitPosition(last.position.toString());
            position.setPreparePosition(last.position.toString());
            signal.setPosition(position);
          }
          const message = new Resp();
          message.setCaughtUp(signal);
          await send(call, message);
        }
      } while (again && !ended);
    } finally {
      draining = false;
    }
  };
  const unsubscribe = log.onWrite(() => void drain());
  const stop = () => {
    ended = true;
    unsubscribe();
  };
  call.on('cancelled', stop);
  call.on('close', stop);
  call.on('error', stop);
  void drain();
}

export async function handleRead(call: ReadCall, log: TransactionLog, admission: Admission): Promise<void> {
  const refusal = await admission.admit(call, { write: false });
  if (refusal) return void call.emit('error', refusal);
  const options = call.request.getOptions();
  if (!options) {
    return void call.emit('error', {
      code: grpc.status.INVALID_ARGUMENT,
      details: 'Read options are required',
    });
  }
  if (options.hasSubscription()) {
    if (!options.hasAll()) {
      return void call.emit('error', {
        code: grpc.status.UNIMPLEMENTED,
        details: 'The stand-in serves subscriptions to $all only',
      });
    }
    return subscribeToAll(call, log, options, admission);
  }
  const view = admission.readView(call, log);
  if (options.hasAll()) return readAll(call, view, options);
  return readStream(call, view, options);
}
