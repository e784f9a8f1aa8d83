import type { Metadata, ServerErrorResponse, StatusObject } from '@grpc/grpc-js';
import { anyPb, BinaryWriter, grpc, sharedPb, statusPb } from './protocol';
import type { ExpectedState } from './log';

/**
 * The errors KurrentDB documents, shaped as its gRPC layer sends them: a status with
 * "exception" trailers for calls that fail (src/KurrentDB.Core/Services/Transport/Grpc/
 * RpcExceptions.cs), and a google.rpc.Status with typed details for one write of a batch append
 * (Google.Rpc.Status partial class: WrongExpectedVersion, StreamDeleted, AccessDenied, Timeout).
 */

function trailers(entries: Record<string, string>): Metadata {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(entries)) metadata.set(key, value);
  return metadata;
}

type CallError = ServerErrorResponse & Partial<StatusObject>;

function callError(code: number, details: string, metadata: Metadata): CallError {
  return Object.assign(new Error(details), { code, details, metadata });
}

/** `RpcExceptions.LeaderInfo`: a follower names the leader; the clients reconnect there. */
export function notLeader(host: string, port: number): CallError {
  return callError(
    grpc.status.NOT_FOUND,
    'Leader info available',
    trailers({ exception: 'not-leader', 'leader-endpoint-host': host, 'leader-endpoint-port': String(port) }),
  );
}

/** `RpcExceptions.ServerNotReady`: a node that is starting or has lost its cluster. */
export function notReady(): CallError {
  return callError(grpc.status.UNAVAILABLE, 'Server Is Not Ready', new grpc.Metadata());
}

export function accessDenied(): CallError {
  return callError(grpc.status.PERMISSION_DENIED, 'Access Denied', trailers({ exception: 'access-denied' }));
}

export function streamDeleted(stream: string): CallError {
  return callError(
    grpc.status.FAILED_PRECONDITION,
    `Event stream '${stream}' is deleted.`,
    trailers({ exception: 'stream-deleted', 'stream-name': stream }),
  );
}

function packed(message: { serializeBinary(): Uint8Array }, name: string): InstanceType<typeof anyPb.Any> {
  const any = new anyPb.Any();
  any.pack(message.serializeBinary(), name);
  return any;
}

function status(code: number, message: string, details: InstanceType<typeof anyPb.Any>) {
  const result = new statusPb.Status();
  result.setCode(code as never);
  result.setMessage(message);
  result.setDetails(details);
  return result;
}

const empty = () => new sharedPb.Empty();

export function batchWrongExpectedVersion(current: bigint | 'no_stream', expected: ExpectedState) {
  const details = new sharedPb.WrongExpectedVersion();
  if (current === 'no_stream') details.setCurrentNoStream(empty());
  else details.setCurrentStreamRevision(current.toString());
  if (expected === 'any') details.setExpectedAny(empty());
  else if (expected === 'no_stream') details.setExpectedNoStream(empty());
  else if (expected === 'stream_exists') details.setExpectedStreamExists(empty());
  else details.setExpectedStreamPosition(expected.toString());
  return status(
    grpc.status.ALREADY_EXISTS,
    'WrongExpectedVersion',
    packed(details, 'event_store.client.WrongExpectedVersion'),
  );
}

export function batchStreamDeleted(stream: string) {
  const details = new sharedPb.StreamDeleted();
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(Buffer.from(stream));
  details.setStreamIdentifier(identifier);
  return status(grpc.status.NOT_FOUND, 'StreamDeleted', packed(details, 'event_store.client.StreamDeleted'));
}

export function batchAccessDenied() {
  return status(
    grpc.status.PERMISSION_DENIED,
    'AccessDenied',
    packed(new sharedPb.AccessDenied(), 'event_store.client.AccessDenied'),
  );
}

/**
 * A write the node would not take: `Streams.BatchAppend` answers a NotHandled "not ready" with
 * an empty detail and this message, per write, without failing the call.
 */
export function batchNotReady() {
  return status(grpc.status.UNAVAILABLE, 'Server Is Not Ready', packed(empty(), 'google.protobuf.Empty'));
}

/** `Status.Timeout`: a write the node dropped or could not commit within its write timeout. */
export function batchTimeout() {
  return status(
    grpc.status.DEADLINE_EXCEEDED,
    'Timeout',
    packed(new sharedPb.Timeout(), 'event_store.client.Timeout'),
  );
}

/** `Status.MaximumAppendSizeExceeded`: the write's events together exceed `MaxAppendSize`. */
export function batchMaxAppendSizeExceeded(max: number) {
  const details = new sharedPb.MaximumAppendSizeExceeded();
  details.setMaxappendsize(max);
  return status(
    grpc.status.INVALID_ARGUMENT,
    'MaximumAppendSizeExceeded',
    packed(details, 'event_store.client.MaximumAppendSizeExceeded'),
  );
}

/**
 * `Status.MaximumAppendEventSizeExceeded`: one event exceeds `MaxAppendEventSize`. The client
 * ships no class for this detail (shared.proto: eventId = 1, proposedEventSize = 2,
 * maxAppendEventSize = 3), so it is written field by field.
 */
export function batchMaxAppendEventSizeExceeded(eventId: string, size: number, max: number) {
  const writer = new BinaryWriter();
  writer.writeString(1, eventId);
  writer.writeUint32(2, size);
  writer.writeUint32(3, max);
  const any = new anyPb.Any();
  any.setTypeUrl('type.googleapis.com/event_store.client.MaximumAppendEventSizeExceeded');
  any.setValue(writer.getResultBuffer());
  return status(grpc.status.INVALID_ARGUMENT, 'MaximumAppendEventSizeExceeded', any);
}
