import { api } from '../../lib/api';
import type {
  CreditHistory,
  DashboardPayload,
  LogEntry,
  LogFilters,
  LogResponse,
  LogStats,
  Period,
} from './types';

/** Only the filters that hold a value, plus a cache buster so a proxy never answers from cache. */
function logQuery(filters: LogFilters): Record<string, string> {
  const query: Record<string, string> = { _t: String(Date.now()) };
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined) continue;
    query[key] = String(value);
  }
  return query;
}

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<DashboardPayload, void>({
      query: () => ({
        url: '/auth/admin/dashboard-consolidated',
        headers: { 'Content-Type': 'application/json' },
      }),
    }),
    creditHistory: build.query<CreditHistory, string>({
      query: (userId) => `/auth/admin/users/${encodeURIComponent(userId)}/credit-history`,
    }),
    adminLogs: build.query<LogResponse, LogFilters>({
      query: (filters) => ({ url: '/logs/admin/logs', params: logQuery(filters) }),
    }),
    adminLogStats: build.query<LogStats, Period>({
      query: (period) => ({ url: '/logs/admin/logs/stats', params: { period } }),
    }),
    requestTimeline: build.query<{ logs: LogEntry[] }, string>({
      query: (requestId) => `/logs/admin/logs/request/${encodeURIComponent(requestId)}`,
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  useCreditHistoryQuery,
  useAdminLogsQuery,
  useAdminLogStatsQuery,
  useRequestTimelineQuery,
} = adminApi;
