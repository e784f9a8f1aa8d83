import { api } from '../../lib/api';
import type { AuthAnswer, PartnerAnswer, RegistrationAnswer } from '@api/accounts/contract';
import type { MessageAnswer } from '@api/http/contract';

interface Credentials {
  email: string;
  password: string;
}

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthAnswer, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<RegistrationAnswer, Credentials & { partner?: string }>({
      query: ({ partner, ...body }) => ({
        url: partner ? `/auth/register/${encodeURIComponent(partner)}` : '/auth/register',
        method: 'POST',
        body,
      }),
    }),
    partner: build.query<PartnerAnswer, string>({
      query: (slug) => `/auth/partners/${encodeURIComponent(slug)}`,
    }),
    forgotPassword: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  usePartnerQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
