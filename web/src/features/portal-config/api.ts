import type { MessageAnswer } from '@api/http/contract';
import { api } from '../../lib/api';

import type { PortalMapping, PropertyOption } from '@domain/portals/config';

export type { PropertyOption } from '@domain/portals/config';
export type PortalConfig = PortalMapping;

const path = (portalId: string) => encodeURIComponent(portalId);

const portalConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactProperties: build.query<PropertyOption[], string>({
      query: (portalId) => `/hubspot/contact-properties/${path(portalId)}`,
    }),
    companyProperties: build.query<PropertyOption[], string>({
      query: (portalId) => `/hubspot/company-properties/${path(portalId)}`,
    }),
    portalConfig: build.query<PortalConfig, string>({
      query: (portalId) => `/hubspot/portal-config/${path(portalId)}`,
      providesTags: (_r, _e, portalId) => [{ type: 'PortalConfig', id: portalId }],
    }),
    savePortalConfig: build.mutation<MessageAnswer, { portalId: string; config: PortalConfig }>({
      query: ({ portalId, config }) => ({
        url: `/hubspot/save-portal-config/${path(portalId)}`,
        method: 'POST',
        body: config,
      }),
      invalidatesTags: (_r, _e, { portalId }) => [{ type: 'PortalConfig', id: portalId }],
    }),
  }),
});

export const {
  useContactPropertiesQuery,
  useCompanyPropertiesQuery,
  usePortalConfigQuery,
  useSavePortalConfigMutation,
} = portalConfigApi;
