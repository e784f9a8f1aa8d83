import type { ErrorRequestHandler, Request } from 'express';
import {
  EventStoreRefusedError,
  EventStoreUnavailableError,
  InvalidEventError,
  WrongExpectedVersionError,
} from '../../domain/eventstore/types';
import { isConnectionFailure } from '../adapters/eventstore/postgres/errors';
import type { Logger } from '../logging/logger';
import { HttpError, type ErrorMapping } from './errors';
import type { ErrorAnswer } from './contract';

/** What body-parser, raw-body and the router attach to the errors they raise (http-errors). */
interface RequestReadingError {
  type?: unknown;
  status?: unknown;
  code?: unknown;
}

/** The product's words for each error the body parsers name by type. */
const BODY_ERRORS = new Map<string, string>([
  ['entity.too.large', 'The request body is too large.'],
  ['entity.parse.failed', 'The request body is not valid JSON.'],
  ['entity.verify.failed', 'The request body could not be verified.'],
  ['encoding.unsupported', 'The request body must be sent uncompressed, or as gzip, deflate or br.'],
  ['charset.unsupported', 'The request body must be UTF-8 JSON.'],
  ['parameters.too.many', 'The form has too many fields: send at most 1,000.'],
  ['querystring.parse.rangeError', 'The form is nested too deeply.'],
  ['request.aborted', 'The request body was cut off before it ended.'],
  ['request.size.invalid', 'The request body does not match its Content-Length.'],
]);

/** Texts for a refusal the parser raised without naming its type, by status. */
const BY_STATUS = new Map<number, string>([
  [400, 'The request could not be read.'],
  [413, 'The request body is too large.'],
  [415, 'The request body has a type or encoding the service does not accept.'],
]);

/**
 * A refusal raised while reading the request, before any route ran: the body parsers (too many
 * form fields, a body that is not the gzip it claims to be, ...) and the router (a path whose
 * percent-encoding is broken). Each carries its 4xx status; the text is ours, never the library's.
 */
function fromRequestReading(error: unknown, req: Request): HttpError | undefined {
  if (error instanceof URIError) {
    return new HttpError(
      400,
      'The address has a broken percent-encoding (a % not followed by two hex digits).',
    );
  }
  if (error === null || typeof error !== 'object') return undefined;
  const e = error as RequestReadingError;
  const status = typeof e.status === 'number' && e.status >= 400 && e.status < 500 ? e.status : undefined;
  if (status === undefined) return undefined;
  const known = typeof e.type === 'string' ? BODY_ERRORS.get(e.type) : undefined;
  if (known) return new HttpError(status, known);
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR) reach here with status 400 and no type.
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) {
    const encoding = req.header('content-encoding') ?? 'compressed';
    return new HttpError(status, `The request body is not valid ${encoding} data.`);
  }
  return new HttpError(status, BY_STATUS.get(status) ?? 'The request could not be read.');
}

function fromStores(error: unknown): HttpError | undefined {
  if (error instanceof EventStoreUnavailableError || isConnectionFailure(error)) {
    return new HttpError(503, 'The service is briefly unavailable. Please try again in a moment.', {
      'Retry-After': '5',
    });
  }
  if (error instanceof WrongExpectedVersionError) {
    return new HttpError(409, 'Someone else changed this at the same moment. Please try again.');
  }
  if (error instanceof InvalidEventError) return new HttpError(400, error.message);
  if (error instanceof EventStoreRefusedError) {
    // Access denied or a request the server calls bad: the deployment's fault, never the user's,
    // and no retry helps; the log line carries the store's own words.
    return new HttpError(
      500,
      'ZipFill could not save this change. The team has been told; please try again later.',
    );
  }
  return undefined;
}

/**
 * Renders every error once: known ones with their status and text, anything else as a 500 that
 * names the request id and shows no internals.
 */
export function errorHandler(logger: Logger, mappings: readonly ErrorMapping[]): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const known =
      (error instanceof HttpError ? error : undefined) ??
      mappings.reduce<HttpError | undefined>((found, map) => found ?? map(error), undefined) ??
      fromStores(error) ??
      fromRequestReading(error, req);
    if (known) {
      for (const [name, value] of Object.entries(known.headers)) res.setHeader(name, value);
      if (known.status >= 500)
        logger[known.status === 500 ? 'error' : 'warn'](known.message, {
          requestId: req.requestId,
          cause: String(error),
        });
      res.status(known.status).json({ error: known.message } satisfies ErrorAnswer);
      return;
    }
    logger.error('Unhandled error', {
      requestId: req.requestId,
      method: req.method,
      url: req.originalUrl,
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    res
      .status(500)
      .json({ error: `Something went wrong on our side. Reference: ${req.requestId}` } satisfies ErrorAnswer);
  };
}
