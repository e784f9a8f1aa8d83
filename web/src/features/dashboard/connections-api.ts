import type { MessageAnswer } from '@api/http/contract';
import type { ConnectionsAnswer, HubSpotConnection, InstallUrlAnswer } from '@api/portals/contract';
import { api } from '../../lib/api';

const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    hubspotInstallUrl: build.query<InstallUrlAnswer, void>({
      query: () => '/auth/hubspot-install-url',
      // The URL carries a state that expires; never reuse an old one.
      keepUnusedDataFor: 0,
    }),
    hubspotConnections: build.query<HubSpotConnection[], void>({
      query: () => '/auth/hubspot-connections',
      transformResponse: (body: ConnectionsAnswer) => body.connections,
      providesTags: (list) => [
        { type: 'Connections', id: 'LIST' },
        ...(list ?? []).map((c) => ({ type: 'Connections' as const, id: c.id })),
      ],
    }),
    deleteHubspotConnection: build.mutation<MessageAnswer, string>({
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
