import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** Ties every log line and event of one request together; answered in X-Request-Id. */
    requestId: string;
  }
}

const ACCEPTABLE = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller's own id is kept when it is sane (so a proxy's id carries through), else a new one. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.header('x-request-id');
  req.requestId = incoming && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};
