import { createHash, timingSafeEqual } from 'node:crypto';
import type { Express } from 'express';
import type { HttpModule } from '../http/app';
import { HttpError, notFound } from '../http/errors';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer
 * token. Without the setting the endpoint does not exist (404): metrics are never public.
 */
export function metricsModule(metrics: Metrics, token: string | undefined): HttpModule {
  const expected = token ? digest(token) : undefined;
  return {
    routes(app: Express) {
      app.get(METRICS_PATH, async (req, res) => {
        if (!expected) throw notFound('Metrics are off: set METRICS_TOKEN to turn them on.');
        const given = /^Bearer (.+)$/i.exec(req.header('authorization') ?? '')?.[1] ?? '';
        // Compared as digests: equal lengths for timingSafeEqual, and no timing hint about the token.
        if (!timingSafeEqual(digest(given), expected))
          throw new HttpError(401, 'Metrics need the bearer token set in METRICS_TOKEN.', {
            'WWW-Authenticate': 'Bearer realm="metrics"',
          });
        res.setHeader('Content-Type', metrics.registry.contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.send(await metrics.registry.metrics());
      });
    },
  };
}
