import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
} from '@kurrent/kurrentdb-client';
import { EventStoreUnavailableError } from '../../../../domain/eventstore/types';

/** gRPC status codes that mean "the server could not be reached in time", not "the request was refused". */
const UNREACHABLE_STATUS = new Set([
  4, // DEADLINE_EXCEEDED
  14, // UNAVAILABLE
]);

/**
 * True when KurrentDB could not be reached or lost its leader. Besides the client's typed errors,
 * an append to an unreachable node rejects with the raw gRPC error (code 14), untranslated.
 */
export function isUnavailable(error: unknown): boolean {
  if (
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

export function translateError(error: unknown): unknown {
  if (isUnavailable(error)) {
    return new EventStoreUnavailableError('The event store (kurrentdb) cannot be reached', { cause: error });
  }
  return error;
}
