import type { Express } from 'express';
import { normaliseEmail } from '../../domain/accounts/email-claim';
import { PHONE_PATTERN, PHONE_RULE } from '../../domain/support/phone';
import type { RateLimiter, RateLimitPolicy } from '../auth/rate-limit';
import { badRequest } from '../http/errors';
import type { HttpModule } from '../http/app';
import { compile, explainPattern, validateBody } from '../http/validation';
import type { Mailer } from '../mail/mailer';
import type { Captcha } from './captcha';
import type { MessageAnswer } from '../http/contract';

export const SUPPORT_SENT = 'Your message was sent successfully. We will get back to you soon.';
export const CAPTCHA_FAILED = 'Please complete the captcha and try again.';

interface SupportMessage {
  email: string;
  phone: string;
  subject: string;
  message: string;
  recaptchaToken?: string;
}

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

explainPattern(PHONE_PATTERN, PHONE_RULE);

const validSupport = compile<SupportMessage>({
  type: 'object',
  additionalProperties: false,
  required: ['email', 'phone', 'subject', 'message'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    phone: { ...text(40), pattern: PHONE_PATTERN },
    subject: text(200),
    message: text(5000),
    recaptchaToken: { type: 'string', maxLength: 4096 },
  },
});

export interface SupportDeps {
  mailer: Mailer;
  captcha: Captcha;
  supportEmail: string;
  limiter: RateLimiter;
  limits: RateLimitPolicy;
}

/** The support form: the message is e-mailed to SUPPORT_EMAIL, replying goes to the sender. */
export function supportModule(deps: SupportDeps): HttpModule {
  return {
    routes(app: Express) {
      app.post('/api/auth/support/send-email', validateBody(validSupport), async (req, res) => {
        const m = req.body as SupportMessage;
        const email = normaliseEmail(m.email);
        for (const field of ['phone', 'subject', 'message'] as const) {
          if (m[field].trim() === '') throw badRequest(`${field} must not be empty.`);
        }
        await deps.limiter.hit('support-ip', req.ip ?? '', deps.limits.supportPerIp);
        await deps.limiter.hit('support-address', email, deps.limits.supportPerAddress);
        if (!(await deps.captcha.verify(m.recaptchaToken ?? '', req.ip))) throw badRequest(CAPTCHA_FAILED);
        await deps.mailer.send({
          to: deps.supportEmail,
          replyTo: email,
          subject: `Support: ${m.subject}`,
          body: `From: ${email}\nPhone: ${m.phone}\nSubject: ${m.subject}\n\n${m.message}\n`,
        });
        res.json({ message: SUPPORT_SENT } satisfies MessageAnswer);
      });
    },
  };
}
