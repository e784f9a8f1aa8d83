import type { GroupStatus } from '../../domain/admin/rules';

/*
 * The log viewer's answers as they travel: the server builds them to these types and the web app
 * reads them by the same ones (dates are ISO strings, as JSON holds them).
 */

export type Period = '1h' | '24h' | '7d' | '30d';

/** A log entry as the viewer reads it (spec: Log entry). */
export interface LogEntry {
  id: string;
  timestamp: string;
  level: string;
  message: string;
  userId: string | null;
  userEmail: string | null;
  requestId: string | null;
  sourceFile: string | null;
  sourceFunction: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  stackTrace: string | null;
  metadata: Record<string, unknown>;
  isGrouped?: true;
  requestLogs?: LogEntry[];
  stepCount?: number;
  duration?: number;
  status?: GroupStatus;
}

export interface LogPage {
  logs: LogEntry[];
  pagination: { total: number; hasMore: boolean; limit: number; offset: number; totalCapped?: boolean };
}

export interface LogStats {
  requestStats: {
    successful_requests: number;
    failed_requests: number;
    total_requests: number;
    success_rate: number;
    active_users: number;
  };
  performanceStats: {
    avg_response_time: number;
    has_sufficient_data: boolean;
    data_span_hours: number;
    requested_period_hours: number;
  };
  topErrors: { message: string; level: string; count: number; affected_users: number }[];
  logStats: { error_logs: number; warning_logs: number };
  /** Lines the background writer could not keep (queue full or database failing) since start. */
  lostLogLines: number;
  period: Period;
}

/** GET /api/logs/admin/logs: a page of lines or of requests, with the period's statistics. */
export interface LogsAnswer extends LogPage {
  stats: LogStats;
  /** True when each entry is a request with its lines in requestLogs. */
  grouped: boolean;
}

/** GET /api/logs/admin/logs/request/:requestId: every line of one request, oldest first. */
export interface RequestTimelineAnswer {
  logs: LogEntry[];
}
