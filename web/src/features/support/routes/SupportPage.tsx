import { useState, type FormEvent } from 'react';
import { isPhoneNumber } from '@domain/support/phone';
import { serverErrorText } from '../../../lib/errors';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { Alert, Button, Card, Page, TextArea, TextField } from '../../../ui';
import { useSendSupportEmailMutation } from '../api';
import { Captcha } from '../components/Captcha';

const empty = { phone: '', subject: '', message: '' };

export const PHONE_INVALID =
  'Enter a phone number of 7 to 15 digits (spaces, dashes, dots, brackets and a leading + are fine).';

export function SupportPage() {
  const { user } = useSession();
  const { data: config, isLoading: configLoading } = usePublicConfigQuery();
  const [send, { isLoading: sending }] = useSendSupportEmailMutation();
  const [email, setEmail] = useState(user?.email ?? '');
  const [fields, setFields] = useState(empty);
  const [recaptchaToken, setRecaptchaToken] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  const [phoneProblem, setPhoneProblem] = useState<string>();
  const siteKey = config?.captchaSiteKey ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const phoneOk = isPhoneNumber(fields.phone);
    setPhoneProblem(phoneOk ? undefined : PHONE_INVALID);
    if (!phoneOk) return;
    if (siteKey && !recaptchaToken) {
      setResult('Please complete the captcha before sending.');
      return;
    }
    try {
      const answer = await send({ email, ...fields, recaptchaToken }).unwrap();
      setResult(answer.message);
      setFields(empty);
    } catch (err) {
      setResult(serverErrorText(err) ?? 'Failed to send email. Please try again.');
    } finally {
      if (siteKey) setCaptchaReset((n) => n + 1);
    }
  }

  const update = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Page
      title="Support"
      intro="Questions about setup, billing or a lookup that did not work? Write to us and we answer within one business day."
    >
      <div className="grid grid-2 align-start">
        <Card title="Contact us">
          <form onSubmit={(event) => void submit(event)} className="form">
            {result && <Alert kind={/success/i.test(result) ? 'success' : 'error'}>{result}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              required
              value={fields.phone}
              onChange={update('phone')}
              aria-invalid={phoneProblem !== undefined}
              error={phoneProblem}
            />
            <TextField
              label="Subject"
              required
              maxLength={200}
              value={fields.subject}
              onChange={update('subject')}
            />
            <TextArea
              label="Message"
              required
              rows={6}
              maxLength={5000}
              value={fields.message}
              onChange={update('message')}
            />
            {siteKey ? (
              <Captcha siteKey={siteKey} onToken={setRecaptchaToken} resetKey={captchaReset} />
            ) : (
              !configLoading && <p className="muted small">Captcha is turned off on this server.</p>
            )}
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
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
