import type { RequestHandler } from 'express';
import type { LogFields, Logger } from './logger';

/** Where a log call came from: the first stack frame outside the logging code. */
export function callSite(stack = new Error().stack ?? ''): { sourceFile?: string; sourceFunction?: string } {
  for (const frame of stack.split('\n').slice(1)) {
    if (frame.includes('/api/logging/') || frame.includes('node:internal')) continue;
    const match = /at (?:(.+?) \()?(?:file:\/\/)?([^()]+?):\d+:\d+\)?$/.exec(frame.trim());
    if (!match) continue;
    const file = match[2] ?? '';
    const root = file.search(/\/(api|domain|projections|scripts)\//);
    return {
      sourceFile: root >= 0 ? file.slice(root + 1) : file,
      sourceFunction: match[1]?.replace(/^async /, '') ?? '<anonymous>',
    };
  }
  return {};
}

/**
 * A logger whose lines carry their source file and function, found from the call site unless the
 * line names them: the stack a call site is read from is source-mapped under `npm start`, and a
 * lookup's four journal lines spent about 2% of the service's time on it.
 */
function withCallSite(logger: Logger): Logger {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, fields?: LogFields): void =>
      logger[level](message, fields?.sourceFile ? fields : { ...callSite(), ...fields });
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => withCallSite(logger.child(fields)),
  };
}

export interface RequestLogContext {
  userId?: string;
  userEmail?: string;
  /** Lines of the lookup pipeline; the log viewer shows these by default. */
  lookup?: boolean;
  [field: string]: unknown;
}

/**
 * A logger for one request id, for work that belongs to a request but runs elsewhere (the lookup
 * processor after the webhook answered). Its lines join the request's timeline in the viewer;
 * a lookup's lines should carry userCreditsBefore and userCreditsAfter.
 */
export function logForRequest(logger: Logger, requestId: string, context: RequestLogContext = {}): Logger {
  return withCallSite(logger.child({ requestId, ...context }));
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Logs into this request's timeline, with the signed-in user once known. */
    log: Logger;
  }
}

/**
 * One structured line per API request when its answer is sent: status, response time, method,
 * URL, IP, user agent and the signed-in user. Lines are written off the request path by the
 * logger's sinks; nothing here waits.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    req.log = withCallSite(logger.child({ requestId: req.requestId }));
    if (!req.path.startsWith('/api/')) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const responseTime = Number((process.hrtime.bigint() - started) / 1_000_000n);
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      const url = req.originalUrl;
      logger[level](`${req.method} ${req.path} ${status} ${responseTime}ms`, {
        requestId: req.requestId,
        userId: req.user?.id,
        userEmail: req.user?.email,
        sourceFile: 'api/logging/request-logging.ts',
        sourceFunction: `${req.method} ${(req.route as { path?: string } | undefined)?.path ?? req.path}`,
        statusCode: status,
        responseTime,
        method: req.method,
        url,
        ipAddress: req.ip,
        userAgent: req.header('user-agent'),
      });
    });
    next();
  };
}
