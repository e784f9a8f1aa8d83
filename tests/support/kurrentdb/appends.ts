import type { sendUnaryData, ServerDuplexStream, ServerReadableStream } from '@grpc/grpc-js';
import type { Admission } from './admission';
import {
  batchAccessDenied,
  batchMaxAppendEventSizeExceeded,
  batchMaxAppendSizeExceeded,
  batchNotReady,
  batchStreamDeleted,
  batchTimeout,
  batchWrongExpectedVersion,
  streamDeleted,
} from './errors';
import type { AppendDecision, ExpectedState, ProposedEvent, TransactionLog } from './log';
import {
  sharedPb,
  streamsPb,
  type AppendReq,
  type AppendResp,
  type BatchAppendReq,
  type BatchAppendResp,
  type Uuid,
} from './protocol';
import { WritePolicy } from './write-policy';

interface ProposedMessage {
  getId(): Uuid | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

function uuidText(id: Uuid | undefined): string {
  if (!id) throw new Error('An event needs an id');
  if (id.hasString()) return id.getString().toLowerCase();
  const parts = id.getStructured()!;
  const hex = (bits: string) => BigInt.asUintN(64, BigInt(bits)).toString(16).padStart(16, '0');
  const all = hex(parts.getMostSignificantBits()) + hex(parts.getLeastSignificantBits());
  return `${all.slice(0, 8)}-${all.slice(8, 12)}-${all.slice(12, 16)}-${all.slice(16, 20)}-${all.slice(20)}`;
}

/** A proposed event as the server takes it: "type" and "content-type" are required metadata. */
function proposed(message: ProposedMessage): ProposedEvent {
  const type = message.getMetadataMap().get('type');
  const contentType = message.getMetadataMap().get('content-type');
  if (!type || !contentType) throw new Error('Required Metadata Property is missing');
  return {
    id: uuidText(message.getId()),
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

const streamName = (identifier: { getStreamName_asU8(): Uint8Array } | undefined) =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

/** The Append RPC: options first, then one message per event; one answer at the end. */
export function handleAppend(
  call: ServerReadableStream<AppendReq, AppendResp>,
  callback: sendUnaryData<AppendResp>,
  log: TransactionLog,
  admission: Admission,
): void {
  let stream = '';
  let expected: ExpectedState = 'any';
  const events: ProposedEvent[] = [];
  call.on('data', (request: AppendReq) => {
    const options = request.getOptions();
    if (options) {
      stream = streamName(options.getStreamIdentifier());
      if (options.hasNoStream()) expected = 'no_stream';
      else if (options.hasStreamExists()) expected = 'stream_exists';
      else if (options.hasRevision()) expected = BigInt(options.getRevision());
    }
    const message = request.getProposedMessage();
    if (message) events.push(proposed(message));
  });
  call.on('end', async () => {
    const refusal = await admission.admit(call, { write: true });
    if (refusal) return callback(refusal);
    const decision = log.append(stream, events, expected);
    if (decision.kind === 'stream_deleted') return callback(streamDeleted(stream));
    const response = new streamsPb.AppendResp();
    if (decision.kind === 'wrong_expected_version') {
      const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
      if (decision.current === 'no_stream') wrong.setCurrentNoStream(new sharedPb.Empty());
      else wrong.setCurrentRevision(decision.current.toString());
      if (expected === 'any') wrong.setExpectedAny(new sharedPb.Empty());
      else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
      else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
      else wrong.setExpectedRevision(expected.toString());
      response.setWrongExpectedVersion(wrong);
    } else {
      const success = new streamsPb.AppendResp.Success();
      success.setCurrentRevision(decision.last.toString());
      const position = new streamsPb.AppendResp.Position();
      position.setCommitPosition(decision.position.toString());
      position.setPreparePosition(decision.position.toString());
      success.setPosition(position);
      response.setSuccess(success);
    }
    callback(null, response);
  });
}

function batchAnswer(decision: Exclude<AppendDecision, { kind: 'stream_deleted' }>, expected: ExpectedState) {
  const response = new streamsPb.BatchAppendResp();
  if (decision.kind === 'wrong_expected_version') {
    response.setError(batchWrongExpectedVersion(decision.current, expected));
    return response;
  }
  const success = new streamsPb.BatchAppendResp.Success();
  success.setCurrentRevision(decision.last.toString());
  const position = new sharedPb.AllStreamPosition();
  position.setCommitPosition(decision.position.toString());
  position.setPreparePosition(decision.position.toString());
  success.setPosition(position);
  response.setSuccess(success);
  return response;
}

interface PendingWrite {
  stream: string;
  expected: ExpectedState;
  events: ProposedEvent[];
  /** A refusal already decided while the write arrived (deadline, size); the rest is not looked at. */
  refused?: ReturnType<typeof batchTimeout>;
}

/**
 * How long the client gave a write, by the node's clock (`GetRequestedTimeout`, src/KurrentDB.Core/
 * Services/Transport/Grpc/Streams.BatchAppend.cs): a duration as it is, or the client's absolute
 * deadline less the node's time now, so a client clock behind the node's shortens it.
 */
function requestedTimeoutMs(
  options: NonNullable<ReturnType<BatchAppendReq['getOptions']>>,
  policy: WritePolicy,
): number {
  const duration = options.getDeadline();
  if (duration) return duration.getSeconds() * 1000 + duration.getNanos() / 1e6;
  const deadline = options.getDeadline21100();
  return deadline ? deadline.toDate().getTime() - policy.now() : Number.POSITIVE_INFINITY;
}

/** The size checks `ClientWriteRequest.AddEvents` makes as a write's events arrive. */
function sizeRefusal(write: PendingWrite, policy: WritePolicy) {
  let total = 0;
  for (const event of write.events) {
    const size = WritePolicy.sizeOnDisk(event);
    if (size > policy.maxAppendEventSize)
      return batchMaxAppendEventSizeExceeded(event.id, size, policy.maxAppendEventSize);
    total += size;
  }
  return total > policy.maxAppendSize ? batchMaxAppendSizeExceeded(policy.maxAppendSize) : undefined;
}

/**
 * The BatchAppend RPC (KurrentDB `Streams.BatchAppend.cs`): one long-lived call carrying many
 * writes, each told apart by its correlation id and sent over one or more requests up to the
 * one marked final; each write is answered on its own, a refused one with a google.rpc.Status.
 * A node that is not the leader fails the whole call, as the server's `LeaderInfo` throw does.
 * Writes are decided one at a time in arrival order, as the one writer thread decides them, and
 * each is answered once it is replicated, while the writer goes on to the next.
 */
export function handleBatchAppend(
  call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>,
  log: TransactionLog,
  admission: Admission,
  policy: WritePolicy,
): void {
  const pending = new Map<string, PendingWrite>();
  let queue = Promise.resolve();
  const answering = new Set<Promise<unknown>>();
  const send = (correlation: Uuid | undefined, write: PendingWrite, response: BatchAppendResp) => {
    response.setCorrelationId(correlation);
    const identifier = new sharedPb.StreamIdentifier();
    identifier.setStreamName(Buffer.from(write.stream));
    response.setStreamIdentifier(identifier);
    call.write(response);
  };
  call.on('data', (request: BatchAppendReq) => {
    const correlation = request.getCorrelationId();
    const key = uuidText(correlation);
    const options = request.getOptions();
    if (options) {
      let expected: ExpectedState = 'any';
      if (options.hasNoStream()) expected = 'no_stream';
      else if (options.hasStreamExists()) expected = 'stream_exists';
      else if (options.hasStreamPosition()) expected = BigInt(options.getStreamPosition());
      const write: PendingWrite = { stream: streamName(options.getStreamIdentifier()), expected, events: [] };
      if (requestedTimeoutMs(options, policy) <= 0) write.refused = batchTimeout();
      pending.set(key, write);
    }
    const write = pending.get(key);
    if (!write) return;
    write.events.push(...request.getProposedMessagesList().map(proposed));
    write.refused ??= sizeRefusal(write, policy);
    if (!request.getIsFinal()) return;
    pending.delete(key);
    queue = queue.then(async () => {
      await admission.stalled();
      if (write.refused)
        return send(correlation, write, new streamsPb.BatchAppendResp().setError(write.refused));
      const answer = decide(write);
      if (!answer) return;
      // The answer waits for replication (or the write timeout) without holding the next write up.
      const sent = answer.then((response) => response && send(correlation, write, response));
      answering.add(sent);
      void sent.finally(() => answering.delete(sent));
    });
  });
  const decide = (write: PendingWrite): Promise<BatchAppendResp | undefined> | undefined => {
    const response = new streamsPb.BatchAppendResp();
    if (admission.accessDenied) return Promise.resolve(response.setError(batchAccessDenied()));
    if (admission.notReady) return Promise.resolve(response.setError(batchNotReady()));
    const refusal = admission.refuseWrite();
    if (refusal) {
      call.emit('error', refusal);
      return undefined;
    }
    if (policy.notReady(write.events)) {
      const timedOut = new Promise<BatchAppendResp>((resolve) =>
        setTimeout(() => resolve(response.setError(batchTimeout())), policy.writeTimeoutMs),
      );
      return timedOut;
    }
    const decision = log.append(write.stream, write.events, write.expected);
    if (decision.kind === 'stream_deleted')
      return Promise.resolve(response.setError(batchStreamDeleted(write.stream)));
    if (decision.kind !== 'written') return Promise.resolve(batchAnswer(decision, write.expected));
    return policy
      .replicate(write.events)
      .then(() => (policy.loseAnswer() ? undefined : batchAnswer(decision, write.expected)));
  };
  call.on('end', () => void queue.then(() => Promise.all(answering)).then(() => call.end()));
}
