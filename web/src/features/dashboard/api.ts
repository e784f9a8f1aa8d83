import type { CreditUsageAnswer } from '@api/credits/contract';
import type { UsageChartAnswer } from '@api/lookups/contract';
import { api } from '../../lib/api';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    creditUsageStats: build.query<CreditUsageAnswer, void>({
      query: () => '/auth/credit-usage-stats',
      providesTags: ['Usage'],
    }),
    usageChartData: build.query<UsageChartAnswer, { startDate: string; endDate: string }>({
      query: ({ startDate, endDate }) => ({ url: '/auth/usage-chart-data', params: { startDate, endDate } }),
      providesTags: ['Usage'],
    }),
  }),
});

export const { useCreditUsageStatsQuery, useUsageChartDataQuery } = dashboardApi;
