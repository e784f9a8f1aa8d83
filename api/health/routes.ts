import type { Express } from 'express';
import type { EventStore } from '../../domain/eventstore/types';
import type { ProjectionRunner } from '../../projections/runner';
import type { HttpModule } from '../http/app';
import type { RequestLogWriterStats } from '../logging/request-log-writer';
import { BEHIND_CAP, eventsBehind } from './lag';

export interface HealthDeps {
  store: EventStore;
  readModelStore: 'postgres' | 'pglite';
  runner: ProjectionRunner;
  standIns: () => Record<string, boolean>;
  /** The request log writer's counters: lines written, queued and lost. */
  requestLogs?: () => RequestLogWriterStats;
}

/** GET /api/health: which stores are in use and how far each projection lags behind the log. */
export function healthModule(deps: HealthDeps): HttpModule {
  return {
    routes(app: Express) {
      app.get('/api/health', async (_req, res) => {
        const projections = await Promise.all(
          deps.runner.status().map(async (p) => {
            const behind = await eventsBehind(deps.store, p.checkpoint);
            const eventsBehindText =
              behind === undefined ? 'unknown' : behind > BEHIND_CAP ? `${BEHIND_CAP}+` : behind;
            return {
              name: p.name,
              state: p.state,
              eventsBehind: eventsBehindText,
              lastError: p.lastError ?? null,
            };
          }),
        );
        const healthy =
          projections.every((p) => p.state !== 'retrying') &&
          projections.every((p) => p.eventsBehind !== 'unknown');
        res.status(healthy ? 200 : 503).json({
          status: healthy ? 'ok' : 'degraded',
          stores: { events: deps.store.kind, readModels: deps.readModelStore },
          standIns: deps.standIns(),
          projections,
          ...(deps.requestLogs ? { requestLogs: deps.requestLogs() } : {}),
        });
      });
    },
  };
}
