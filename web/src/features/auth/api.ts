import { api } from '../../lib/api';
import type { AuthResponse } from '../../lib/session';

interface Credentials {
  email: string;
  password: string;
}

export interface Partner {
  slug: string;
  name: string;
  bonusCredits: number;
}

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, Credentials & { partner?: string }>({
      query: ({ partner, ...body }) => ({
        url: partner ? `/auth/register/${encodeURIComponent(partner)}` : '/auth/register',
        method: 'POST',
        body,
      }),
    }),
    partner: build.query<Partner, string>({
      query: (slug) => `/auth/partners/${encodeURIComponent(slug)}`,
    }),
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; newPassword: string }>({
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
