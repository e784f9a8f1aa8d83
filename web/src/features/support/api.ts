import { api } from '../../lib/api';

export interface SupportMessage {
  email: string;
  phone: string;
  subject: string;
  message: string;
  recaptchaToken: string;
}

const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendSupportEmail: build.mutation<{ message: string }, SupportMessage>({
      query: (body) => ({ url: '/auth/support/send-email', method: 'POST', body }),
    }),
  }),
});

export const { useSendSupportEmailMutation } = supportApi;
