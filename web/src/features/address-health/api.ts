import type { HealthCheckAnswer, HealthCheckRequest } from '@api/address-health/contract';
import { api } from '../../lib/api';

const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Nothing charged or written: the portal's records of one type, classified. */
    healthCheck: build.mutation<HealthCheckAnswer, { portalId: string; request: HealthCheckRequest }>({
      query: ({ portalId, request }) => ({
        url: `/hubspot/health-checks/${encodeURIComponent(portalId)}`,
        method: 'POST',
        body: request,
      }),
    }),
    /** The records as CSV text: the route wants the bearer token, which a plain link would not send. */
    healthReport: build.mutation<string, { portalId: string; request: HealthCheckRequest }>({
      query: ({ portalId, request }) => ({
        url: `/hubspot/health-checks/${encodeURIComponent(portalId)}/report.csv?objectType=${request.objectType}`,
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useHealthCheckMutation, useHealthReportMutation } = healthApi;
