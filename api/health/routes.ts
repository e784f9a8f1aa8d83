import type { StandIns } from '../config/contract';
import type { Express } from 'express';
import type { EventStore } from '../../domain/eventstore/types';
import type { ProjectionRunner } from '../../projections/runner';
import type { HttpModule } from '../http/app';
import type { RequestLogWriterStats } from '../logging/request-log-writer';
import type { HealthAnswer, LivenessAnswer, ProjectionHealth, ReadinessAnswer } from './contract';
import { BEHIND_CAP, eventsBehind } from './lag';

export interface HealthDeps {
  store: EventStore;
  readModelStore: 'postgres' | 'pglite';
  runner: ProjectionRunner;
  standIns: () => StandIns;
  /** Answers once the database has answered a query; rejects when it cannot be reached. */
  ping: () => Promise<void>;
  /** The singleton workers' locks this process holds. */
  singletons: () => string[];
  /** The request log writer's counters: lines written, queued and lost. */
  requestLogs?: () => RequestLogWriterStats;
}

/** A load balancer waits this long at most for an answer; a database slower than that is not ready. */
const PING_TIMEOUT_MS = 2_000;

async function readiness(deps: HealthDeps): Promise<ReadinessAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 2 s')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([deps.ping(), timeout]);
    return { ready: true };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ready: false, reason: `The database is unreachable: ${why}` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health/live (the process answers), /api/health/ready (it should get traffic: the
 * database answers) and /api/health (both, the stores in use, how far each projection lags
 * behind the log and which singletons this process runs). Before the system is built, api/serve.ts
 * answers these itself (starting.ts).
 */
export function healthModule(deps: HealthDeps): HttpModule {
  return {
    routes(app: Express) {
      app.get('/api/health/live', (_req, res) => {
        res.json({ live: true } satisfies LivenessAnswer);
      });
      app.get('/api/health/ready', async (_req, res) => {
        const answer = await readiness(deps);
        res.status(answer.ready ? 200 : 503).json(answer satisfies ReadinessAnswer);
      });
      app.get('/api/health', async (_req, res) => {
        const projectionHealth = async (): Promise<ProjectionHealth[]> => {
          // The database may be the trouble: then this process's own view is all there is.
          const statuses = await deps.runner.storedStatus().catch(() => deps.runner.status());
          return Promise.all(
            statuses.map(async (p): Promise<ProjectionHealth> => {
              const behind = await eventsBehind(deps.store, p.checkpoint);
              return {
                name: p.name,
                state: p.state,
                eventsBehind:
                  behind === undefined ? 'unknown' : behind > BEHIND_CAP ? `${BEHIND_CAP}+` : behind,
                unreadableEvents: p.unreadable,
                lastError: p.lastError ?? null,
              };
            }),
          );
        };
        const [ready, projections] = await Promise.all([readiness(deps), projectionHealth()]);
        const healthy =
          ready.ready &&
          projections.every((p) => p.state !== 'retrying') &&
          projections.every((p) => p.eventsBehind !== 'unknown');
        const answer: HealthAnswer = {
          status: healthy ? 'ok' : 'degraded',
          live: true,
          ...ready,
          stores: { events: deps.store.kind, readModels: deps.readModelStore },
          standIns: deps.standIns(),
          projections,
          singletons: deps.singletons(),
          ...(deps.requestLogs ? { requestLogs: deps.requestLogs() } : {}),
        };
        res.status(healthy ? 200 : 503).json(answer);
      });
    },
  };
}
