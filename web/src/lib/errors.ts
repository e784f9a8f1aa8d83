import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorAnswer } from '@api/http/contract';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

function hasErrorBody(data: unknown): data is ErrorAnswer {
  return typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string';
}

/**
 * The text the server gave (`{ error }`), else the network failure's own message, else undefined
 * so the caller can fall back to the page's fixed text.
 */
export function serverErrorText(error: unknown): string | undefined {
  const e = error as QueryError;
  if (!e) return undefined;
  if ('status' in e) {
    if (hasErrorBody(e.data)) return e.data.error;
    if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR' || e.status === 'PARSING_ERROR') {
      return e.error;
    }
    return undefined;
  }
  return e.message;
}

/** The HTTP status of a failed call, when there was an answer at all. */
export function errorStatus(error: unknown): number | undefined {
  const e = error as QueryError;
  if (e && 'status' in e && typeof e.status === 'number') return e.status;
  return undefined;
}
