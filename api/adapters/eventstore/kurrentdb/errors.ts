import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  InvalidArgumentError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  StreamDeletedError,
  TimeoutError,
  UnavailableError,
  UnknownError,
} from '@kurrent/kurrentdb-client';
import { EventStoreRefusedError, EventStoreUnavailableError } from '../../../../domain/eventstore/types';

/** gRPC status codes that mean "the server could not be reached in time", not "the request was refused". */
const UNREACHABLE_STATUS = new Set([
  4, // DEADLINE_EXCEEDED
  14, // UNAVAILABLE
]);

/** How long a call waits for KurrentDB when the connection string does not say (the client's own default). */
export const DEFAULT_DEADLINE_MS = 10_000;

/** KurrentDB took a request and did not answer it in time. */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
}

/**
 * The connection string's `defaultDeadline` (ms), which the client applies to its unary calls
 * only: a batch append waits on a call opened without a deadline, and the bridge's reads are
 * streaming calls the Rust client never times out. A stalled node would hold either forever.
 */
export function deadlineOf(url: string): number {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const [key, value] of new URLSearchParams(query)) {
    if (key.toLowerCase() === 'defaultdeadline' && /^\d+$/.test(value) && Number(value) > 0)
      return Number(value);
  }
  return DEFAULT_DEADLINE_MS;
}

/** `work`, or a NoAnswerError once `ms` have passed; an answer arriving later is dropped. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new NoAnswerError(`KurrentDB did not answer ${what} within ${ms} ms`)),
      ms,
    );
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What the client makes of a batch append's refusal whose detail it does not know: "Could not
 * recognize " and the status message (`unpackToCommandError`, dist/streams/appendToStream/
 * unpackError.js). Of those, only a NotHandled answer is worth a retry: "Server Is Not Ready"
 * and "Server Is Busy" (`ConvertMessage`, src/KurrentDB.Core/Services/Transport/Grpc/
 * Streams.BatchAppend.cs). Anything else named there (MaximumAppendEventSizeExceeded,
 * BadRequest, a detail newer than this client) is the server's final word.
 */
const UNRECOGNISED = 'Could not recognize ';
const TRANSIENT_REFUSALS = new Set(['Server Is Not Ready', 'Server Is Busy']);

/** True when KurrentDB refused the request for a reason no retry changes. */
export function isRefusal(error: unknown): boolean {
  if (
    error instanceof AccessDeniedError ||
    error instanceof MaxAppendSizeExceededError ||
    error instanceof InvalidArgumentError ||
    error instanceof StreamDeletedError
  )
    return true;
  if (error instanceof UnknownError && error.message.startsWith(UNRECOGNISED))
    return !TRANSIENT_REFUSALS.has(error.message.slice(UNRECOGNISED.length));
  return false;
}

/**
 * True when KurrentDB could not be reached, lost its leader or did not answer. Besides the
 * client's typed errors, an append to an unreachable node rejects with the raw gRPC error (code
 * 14), untranslated. The client's UnknownError is what it makes of a request that did not
 * complete for a reason it cannot name: the Rust bridge's reads report a node that answered
 * UNAVAILABLE ("Server Is Not Ready"), INTERNAL or UNKNOWN, a connection lost mid-read and their
 * own deadline as UnknownError, and a batch append's "Server Is Not Ready" or "Server Is Busy"
 * comes back as UnknownError("Could not recognize ..."). Each may succeed when tried again.
 */
export function isUnavailable(error: unknown): boolean {
  if (isRefusal(error)) return false;
  if (
    error instanceof NoAnswerError ||
    error instanceof UnknownError ||
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    error instanceof CancelledError
  ) {
    return true;
  }
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'number' && UNREACHABLE_STATUS.has(code)) return true;
  }
  return false;
}

/** The port's error for a client error; `what` names the request in a refusal's message. */
export function translateError(error: unknown, what = 'the request'): unknown {
  if (isRefusal(error)) {
    const reason = error instanceof Error && error.message ? error.message : 'no reason given';
    return new EventStoreRefusedError(`The event store (kurrentdb) refused ${what}: ${reason}`, {
      cause: error,
    });
  }
  if (isUnavailable(error)) {
    return new EventStoreUnavailableError('The event store (kurrentdb) cannot be reached', { cause: error });
  }
  return error;
}
