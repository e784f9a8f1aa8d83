import { useState } from 'react';
import { isPhoneNumber } from '@domain/support/phone';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import {
  Card,
  EmailField,
  Form,
  Page,
  SubmitButton,
  TextArea,
  TextField,
  useForm,
  type Banner,
} from '../../../ui';
import { useSendSupportEmailMutation } from '../api';
import { Captcha } from '../components/Captcha';

const empty = { phone: '', subject: '', message: '' };

export const PHONE_INVALID =
  'Enter a phone number of 7 to 15 digits (spaces, dashes, dots, brackets and a leading + are fine).';

/** The server's sentence, styled as a success only when it says so (the spec's rule). */
const said = (text: string): Banner => ({ kind: /success/i.test(text) ? 'success' : 'error', text });

export function SupportPage() {
  const { user } = useSession();
  const { data: config, isLoading: configLoading } = usePublicConfigQuery();
  const [send, { isLoading: sending }] = useSendSupportEmailMutation();
  const [recaptchaToken, setRecaptchaToken] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const siteKey = config?.captchaSiteKey ?? null;
  const form = useForm({
    initial: { email: user?.email ?? '', ...empty },
    check: ({ phone }) => ({ phone: isPhoneNumber(phone) ? undefined : PHONE_INVALID }),
    send: async (fields, update) => {
      if (siteKey && !recaptchaToken) return said('Please complete the captcha before sending.');
      try {
        const answer = await send({ ...fields, recaptchaToken }).unwrap();
        update(empty);
        return said(answer.message);
      } finally {
        if (siteKey) setCaptchaReset((n) => n + 1);
      }
    },
    failed: (reason) => reason ?? 'Failed to send email. Please try again.',
  });

  return (
    <Page
      title="Support"
      intro="Questions about setup, billing or a lookup that did not work? Write to us and we answer within one business day."
    >
      <div className="grid grid-2 align-start">
        <Card title="Contact us">
          <Form form={form}>
            <EmailField {...form.field('email')} />
            <TextField label="Phone" type="tel" autoComplete="tel" required {...form.field('phone')} />
            <TextField label="Subject" required maxLength={200} {...form.field('subject')} />
            <TextArea label="Message" required rows={6} maxLength={5000} {...form.field('message')} />
            {siteKey ? (
              <Captcha siteKey={siteKey} onToken={setRecaptchaToken} resetKey={captchaReset} />
            ) : (
              !configLoading && <p className="muted small">Captcha is turned off on this server.</p>
            )}
            <SubmitButton pending={sending} pendingLabel="Sending...">
              Send Message
            </SubmitButton>
          </Form>
        </Card>
        <Card title="Other ways to reach us">
          <p>
            E-mail:{' '}
            <a href={`mailto:${config?.supportEmail ?? 'support@zipfill.app'}`}>
              {config?.supportEmail ?? 'support@zipfill.app'}
            </a>
          </p>
          {config?.communityChatUrl && (
            <p>
              {/* The address stays behind the link text, as the spec asks. */}
              <a href={config.communityChatUrl} target="_blank" rel="noopener noreferrer">
                Join the community chat
              </a>{' '}
              <span className="muted small">(opens in a new tab)</span>
            </p>
          )}
          <p className="muted small">
            Please include your account e-mail and, for a lookup problem, the HubSpot portal ID and the ZIP
            code you entered. Want automatic top-ups or a larger plan? Ask here as well.
          </p>
        </Card>
      </div>
    </Page>
  );
}
