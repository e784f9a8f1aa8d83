import type { sendUnaryData, ServerDuplexStream, ServerReadableStream } from '@grpc/grpc-js';
import type { Admission } from './admission';
import {
  batchAccessDenied,
  batchNotReady,
  batchStreamDeleted,
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
}

/**
 * The BatchAppend RPC (KurrentDB `Streams.BatchAppend.cs`): one long-lived call carrying many
 * writes, each told apart by its correlation id and sent over one or more requests up to the
 * one marked final; each write is answered on its own, a refused one with a google.rpc.Status.
 * A node that is not the leader fails the whole call, as the server's `LeaderInfo` throw does.
 */
export function handleBatchAppend(
  call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>,
  log: TransactionLog,
  admission: Admission,
): void {
  const pending = new Map<string, PendingWrite>();
  // Writes are answered in the order they arrived, as one writer thread would take them.
  let queue = Promise.resolve();
  call.on('data', (request: BatchAppendReq) => {
    const correlation = request.getCorrelationId();
    const key = uuidText(correlation);
    const options = request.getOptions();
    if (options) {
      let expected: ExpectedState = 'any';
      if (options.hasNoStream()) expected = 'no_stream';
      else if (options.hasStreamExists()) expected = 'stream_exists';
      else if (options.hasStreamPosition()) expected = BigInt(options.getStreamPosition());
      pending.set(key, { stream: streamName(options.getStreamIdentifier()), expected, events: [] });
    }
    const write = pending.get(key);
    if (!write) return;
    write.events.push(...request.getProposedMessagesList().map(proposed));
    if (!request.getIsFinal()) return;
    pending.delete(key);
    queue = queue.then(async () => {
      await admission.stalled();
      const response = await answer(write);
      if (!response) return;
      response.setCorrelationId(correlation);
      const identifier = new sharedPb.StreamIdentifier();
      identifier.setStreamName(Buffer.from(write.stream));
      response.setStreamIdentifier(identifier);
      call.write(response);
    });
  });
  const answer = async (write: PendingWrite): Promise<BatchAppendResp | undefined> => {
    const response = new streamsPb.BatchAppendResp();
    if (admission.accessDenied) return response.setError(batchAccessDenied());
    if (admission.notReady) return response.setError(batchNotReady());
    const refusal = admission.refuseWrite();
    if (refusal) {
      call.emit('error', refusal);
      return undefined;
    }
    const decision = log.append(write.stream, write.events, write.expected);
    if (decision.kind === 'stream_deleted') return response.setError(batchStreamDeleted(write.stream));
    return batchAnswer(decision, write.expected);
  };
  call.on('end', () => void queue.then(() => call.end()));
}
