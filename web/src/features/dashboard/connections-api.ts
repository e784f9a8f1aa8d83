import { api } from '../../lib/api';

/** A connected HubSpot portal as the API lists it. */
export interface HubSpotConnection {
  id: string;
  portal_id: string;
  created_at: string;
}

const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    hubspotInstallUrl: build.query<{ installUrl: string }, void>({
      query: () => '/auth/hubspot-install-url',
      // The URL carries a state that expires; never reuse an old one.
      keepUnusedDataFor: 0,
    }),
    hubspotConnections: build.query<HubSpotConnection[], void>({
      query: () => '/auth/hubspot-connections',
      transformResponse: (body: { connections: HubSpotConnection[] }) => body.connections,
      providesTags: (list) => [
        { type: 'Connections', id: 'LIST' },
        ...(list ?? []).map((c) => ({ type: 'Connections' as const, id: c.id })),
      ],
    }),
    deleteHubspotConnection: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/auth/hubspot-connection/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Connections', id: 'LIST' },
        { type: 'PortalConfig', id },
      ],
    }),
    /** Sets the cookie that lets the sandbox CRM's pages know this user (sandbox mode only). */
    sandboxCrmPass: build.mutation<void, void>({
      query: () => ({ url: '/auth/sandbox-crm-pass', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useHubspotInstallUrlQuery,
  useHubspotConnectionsQuery,
  useDeleteHubspotConnectionMutation,
  useSandboxCrmPassMutation,
} = connectionsApi;
