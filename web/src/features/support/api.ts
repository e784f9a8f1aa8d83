import type { MessageAnswer } from '@api/http/contract';
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
    sendSupportEmail: build.mutation<MessageAnswer, SupportMessage>({
      query: (body) => ({ url: '/auth/support/send-email', method: 'POST', body }),
    }),
  }),
});

export const { useSendSupportEmailMutation } = supportApi;
