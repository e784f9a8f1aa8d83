import type { Express } from 'express';
import { accountStream } from '../../domain/accounts/decider';
import { normaliseEmail } from '../../domain/accounts/email-claim';
import { requireUser, userOf } from '../auth/middleware';
import type { Limit, RateLimiter, RateLimitPolicy } from '../auth/rate-limit';
import { badRequest } from '../http/errors';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import { validateBody } from '../http/validation';
import {
  FORGOT_ANSWER,
  requestPasswordReset,
  resetPassword,
  RESET_DONE,
  type PasswordResetDeps,
} from './password-reset';
import { validChange, validForgot, validReset } from './schemas';
import type { MessageAnswer } from '../http/contract';

export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

export interface PasswordRoutesDeps extends PasswordResetDeps {
  limiter: RateLimiter;
  limits: RateLimitPolicy;
  logger: Logger;
}

/** Forgot, reset and change password. */
export function passwordsModule(deps: PasswordRoutesDeps): HttpModule {
  const auth = { sessions: deps.sessions, accounts: deps.accounts };
  const limit = (action: string, subject: string, l: Limit) => deps.limiter.hit(action, subject, l);
  return {
    routes(app: Express) {
      app.post('/api/auth/forgot-password', validateBody(validForgot), async (req, res) => {
        const email = normaliseEmail((req.body as { email: string }).email);
        await limit('forgot-ip', req.ip ?? '', deps.limits.forgotPerIp);
        await limit('forgot-address', email, deps.limits.forgotPerAddress);
        // Answer first: whether an account exists must not show in the timing either.
        res.json({ message: FORGOT_ANSWER } satisfies MessageAnswer);
        await requestPasswordReset(deps, email).catch((error: unknown) =>
          deps.logger.error('Could not send a password reset', {
            requestId: req.requestId,
            error: String(error),
          }),
        );
      });

      app.post('/api/auth/reset-password', validateBody(validReset), async (req, res) => {
        const { token, newPassword } = req.body as { token: string; newPassword: string };
        await limit('reset-ip', req.ip ?? '', deps.limits.resetPerIp);
        await limit('reset-token', token, deps.limits.resetPerToken);
        await resetPassword(deps, token, newPassword);
        res.json({ message: RESET_DONE } satisfies MessageAnswer);
      });

      app.post(
        '/api/auth/change-password',
        requireUser(auth),
        validateBody(validChange),
        async (req, res) => {
          const user = userOf(req);
          const { currentPassword, newPassword } = req.body as {
            currentPassword: string;
            newPassword: string;
          };
          const { state } = await deps.accounts.load(accountStream(user.id));
          if (
            state.status !== 'registered' ||
            !(await deps.hasher.verify(currentPassword, state.passwordHash))
          ) {
            throw badRequest(WRONG_CURRENT_PASSWORD);
          }
          await deps.accounts.handle(
            accountStream(user.id),
            {
              type: 'ChangePassword',
              passwordHash: await deps.hasher.hash(newPassword),
              via: 'change',
              at: deps.now().toISOString(),
            },
            { metadata: { userId: user.id, requestId: req.requestId } },
          );
          await deps.sessions.revokeAllOf(user.id, req.sessionId);
          res.json({ message: PASSWORD_CHANGED } satisfies MessageAnswer);
        },
      );
    },
  };
}
