import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Logger } from '../logging/logger';
import { errorHandler } from './error-handler';
import { notFound, type ErrorMapping } from './errors';
import { requestId } from './request-id';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers';
import { refuseControlCharacters } from './validation';

/** One capability's slice of the HTTP surface. */
export interface HttpModule {
  /** Routes that must see the raw body (signed webhooks); mounted before the JSON parser. */
  raw?: (app: Express) => void;
  routes: (app: Express) => void;
  errors?: ErrorMapping;
}

export interface AppOptions {
  logger: Logger;
  modules: readonly HttpModule[];
  security: SecurityHeaderOptions;
  /** The built web app; index.html answers every non-API path so the client router can take over. */
  webDir?: string;
  /** Exact number of proxy hops in front of the service, so req.ip cannot be spoofed. */
  trustProxyHops?: number;
  /** Logs each request once answered; runs right after the request id is set. */
  requestLogging?: RequestHandler;
  /** Times each request (GET /metrics); runs before anything else can answer. */
  requestMetrics?: RequestHandler;
}

export const JSON_BODY_LIMIT = '100kb';

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops ?? 0);
  app.set('json spaces', 0);
  if (options.requestMetrics) app.use(options.requestMetrics);
  app.use(requestId);
  if (options.requestLogging) app.use(options.requestLogging);
  app.use(securityHeaders(options.security));
  for (const m of options.modules) m.raw?.(app);
  app.use(express.json({ limit: JSON_BODY_LIMIT, strict: true }));
  app.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  app.use(refuseControlCharacters);
  for (const m of options.modules) m.routes(app);
  app.use('/api', (_req, _res, next) => next(notFound('There is no such API call.')));
  mountWeb(app, options.webDir);
  app.use(
    errorHandler(
      options.logger,
      options.modules.flatMap((m) => (m.errors ? [m.errors] : [])),
    ),
  );
  return app;
}

/** Vite names built assets by their content hash: a new build gives new names, never new content. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/** Hashed assets are cached for a year without revalidation; other files for an hour. */
export function staticCacheControl(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

function mountWeb(app: Express, webDir: string | undefined) {
  const index = webDir ? join(webDir, 'index.html') : undefined;
  if (webDir && index && existsSync(index)) {
    // build:web writes .br and .gz beside each file; the best one the browser accepts is sent.
    app.use(
      expressStaticGzip(webDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders: (res, path) => res.setHeader('Cache-Control', staticCacheControl(path)),
        },
      }),
    );
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
    return;
  }
  app.get(/.*/, (_req, res) => {
    res
      .type('html')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ZipFill</title></head>' +
          '<body><h1>ZipFill</h1><p>The API is running. The web app is not built yet: run ' +
          '<code>npm run build:web</code>.</p><p><a href="/api/health">Service health</a></p></body></html>',
      );
  });
}
