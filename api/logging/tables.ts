import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface RequestLogsTable {
  id: Generated<string>;
  timestamp: Timestamp;
  level: 'error' | 'warn' | 'info' | 'debug';
  message: string;
  user_id: string | null;
  user_email: string | null;
  request_id: string | null;
  source_file: string | null;
  source_function: string | null;
  ip_address: string | null;
  user_agent: string | null;
  stack_trace: string | null;
  /** Lines of the lookup pipeline and of lookup requests: what the viewer shows by default. */
  is_lookup: boolean;
  status_code: number | null;
  response_time_ms: number | null;
  method: string | null;
  url: string | null;
  metadata: ColumnType<Record<string, unknown>, string, string>;
}

/** Per hour, counted by the log writer as it writes: the log stats never scan the lines. */
export interface RequestStatsHourlyTable {
  hour: Timestamp;
  requests: number;
  failed_requests: number;
  response_time_total_ms: ColumnType<string, number | string, number | string>;
  error_logs: number;
  warning_logs: number;
}

/** Who made requests in each hour (active users of a period without scanning the lines). */
export interface RequestUsersHourlyTable {
  hour: Timestamp;
  user_id: string;
}

/**
 * One row per request (or per line without a request id, keyed `line:<id>`), kept by the log
 * writer: the grouped log viewer pages through these instead of grouping millions of lines.
 */
export interface RequestLogRequestsTable {
  request_id: string;
  first_at: Timestamp;
  last_at: Timestamp;
  steps: number;
  is_lookup: boolean;
  user_id: string | null;
  has_error: boolean;
  has_warn: boolean;
  has_info: boolean;
  has_debug: boolean;
}

export interface RequestLogTables {
  request_logs: RequestLogsTable;
  request_stats_hourly: RequestStatsHourlyTable;
  request_users_hourly: RequestUsersHourlyTable;
  request_log_requests: RequestLogRequestsTable;
}
