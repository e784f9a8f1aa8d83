import type { ErrorRequestHandler } from 'express';
import {
  EventStoreUnavailableError,
  InvalidEventError,
  WrongExpectedVersionError,
} from '../../domain/eventstore/types';
import { isConnectionFailure } from '../adapters/eventstore/postgres/errors';
import type { Logger } from '../logging/logger';
import { HttpError, type ErrorMapping } from './errors';

interface BodyParserError {
  type?: string;
  status?: number;
}

function fromBodyParser(error: unknown): HttpError | undefined {
  const e = error as BodyParserError;
  if (e?.type === 'entity.too.large') return new HttpError(413, 'The request body is too large.');
  if (e?.type === 'entity.parse.failed') return new HttpError(400, 'The request body is not valid JSON.');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new HttpError(415, 'The request body must be UTF-8 JSON.');
  }
  return undefined;
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
      fromBodyParser(error) ??
      mappings.reduce<HttpError | undefined>((found, map) => found ?? map(error), undefined) ??
      fromStores(error);
    if (known) {
      for (const [name, value] of Object.entries(known.headers)) res.setHeader(name, value);
      if (known.status >= 500) logger.warn(known.message, { requestId: req.requestId, cause: String(error) });
      res.status(known.status).json({ error: known.message });
      return;
    }
    logger.error('Unhandled error', {
      requestId: req.requestId,
      method: req.method,
      url: req.originalUrl,
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    res.status(500).json({ error: `Something went wrong on our side. Reference: ${req.requestId}` });
  };
}
