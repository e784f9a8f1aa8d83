import type { StandIns } from '../config/contract';
import type { RequestLogWriterStats } from '../logging/request-log-writer';

/*
 * The health answers as they travel: the server builds them to these types, load balancers and
 * scripts read them.
 */

/** GET /api/health/live: the process is up and answering (restart it when this fails). */
export interface LivenessAnswer {
  live: true;
}

/** GET /api/health/ready: whether this process should be sent requests now. */
export interface ReadinessAnswer {
  ready: boolean;
  /** Why not: starting (the schemas are being migrated) or the database is unreachable. */
  reason?: string;
}

export interface ProjectionHealth {
  name: string;
  state: string;
  /** Events in the log it has not applied, "1000+" beyond the cap, "unknown" while the store is down. */
  eventsBehind: number | string;
  /** Events another writer put in the log that it stepped over, unable to read them, since this process started. */
  unreadableEvents: number;
  lastError: string | null;
}

/** GET /api/health: the whole picture; 503 unless ready and no projection is failing. */
export interface HealthAnswer extends ReadinessAnswer {
  status: 'ok' | 'degraded' | 'starting';
  live: true;
  stores?: { events: string; readModels: string };
  standIns?: StandIns;
  projections?: ProjectionHealth[];
  /** The singleton workers (by lock name) this process runs now; the fleet's others stand by. */
  singletons?: string[];
  requestLogs?: RequestLogWriterStats;
}
