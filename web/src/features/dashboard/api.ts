import { api } from '../../lib/api';
import type { DailyUsage } from './usage/daily-usage';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    creditUsageStats: build.query<{ creditsUsed: number; failedAttempts: number }, void>({
      query: () => '/auth/credit-usage-stats',
      providesTags: ['Usage'],
    }),
    usageChartData: build.query<{ data: DailyUsage[] }, { startDate: string; endDate: string }>({
      query: ({ startDate, endDate }) => ({ url: '/auth/usage-chart-data', params: { startDate, endDate } }),
      providesTags: ['Usage'],
    }),
  }),
});

export const { useCreditUsageStatsQuery, useUsageChartDataQuery } = dashboardApi;
