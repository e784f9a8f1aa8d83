import { api } from '../../lib/api';
import type {
  CreditHistoryAnswer,
  DashboardAnswer,
  PageQuery,
  UserConfigurationsAnswer,
  UsersAnswer,
  UsersQuery,
} from '@api/admin/contract';
import type { AdminBackfillsAnswer } from '@api/backfill/contract';
import type { LogStats, LogsAnswer, Period, RequestTimelineAnswer } from '@api/log-viewer/contract';
import type { LogFilters } from './types';

/** Only the filters that hold a value, plus a cache buster so a proxy never answers from cache. */
function queryParams(
  filters: LogFilters | PageQuery | { page: number; limit: number },
): Record<string, string> {
  const query: Record<string, string> = { _t: String(Date.now()) };
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined) continue;
    query[key] = String(value);
  }
  return query;
}

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<DashboardAnswer, void>({
      query: () => ({
        url: '/auth/admin/dashboard-consolidated',
        headers: { 'Content-Type': 'application/json' },
      }),
    }),
    adminUsers: build.query<UsersAnswer, UsersQuery>({
      query: (q) => ({ url: '/auth/admin/users', params: queryParams(q) }),
    }),
    adminUserConfigurations: build.query<UserConfigurationsAnswer, PageQuery>({
      query: (q) => ({ url: '/auth/admin/user-configurations', params: queryParams(q) }),
    }),
    creditHistory: build.query<CreditHistoryAnswer, string>({
      query: (userId) => `/auth/admin/users/${encodeURIComponent(userId)}/credit-history`,
    }),
    adminBackfills: build.query<AdminBackfillsAnswer, { page: number; limit: number }>({
      query: (q) => ({ url: '/auth/admin/backfills', params: queryParams(q) }),
    }),
    adminLogs: build.query<LogsAnswer, LogFilters>({
      query: (filters) => ({ url: '/logs/admin/logs', params: queryParams(filters) }),
    }),
    adminLogStats: build.query<LogStats, Period>({
      query: (period) => ({ url: '/logs/admin/logs/stats', params: { period } }),
    }),
    requestTimeline: build.query<RequestTimelineAnswer, string>({
      query: (requestId) => `/logs/admin/logs/request/${encodeURIComponent(requestId)}`,
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  useAdminUsersQuery,
  useAdminUserConfigurationsQuery,
  useCreditHistoryQuery,
  useAdminBackfillsQuery,
  useAdminLogsQuery,
  useAdminLogStatsQuery,
  useRequestTimelineQuery,
} = adminApi;
