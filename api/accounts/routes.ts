import type { Express, Request, RequestHandler } from 'express';
import { AccountRuleError } from '../../domain/accounts/errors';
import { creditsStream } from '../../domain/credits/decider';
import { requireAdmin, requireUser, userOf } from '../auth/middleware';
import { conflict, HttpError, notFound, unauthorized, type ErrorMapping } from '../http/errors';
import type { HttpModule } from '../http/app';
import { validateBody } from '../http/validation';
import { checkCredentials } from './login';
import { registerAccount } from './register';
import { validLogin, validRegistration, type Credentials } from './schemas';
import type { RateLimiter, RateLimitPolicy } from '../auth/rate-limit';
import type { Logger } from '../logging/logger';
import { normaliseEmail } from '../../domain/accounts/email-claim';
import type { AccountsDeps } from './services';
import type { AuthAnswer, IsAdminAnswer, PartnerAnswer, RegistrationAnswer } from './contract';

export interface AccountRoutesDeps extends AccountsDeps {
  limiter: RateLimiter;
  limits: RateLimitPolicy;
  logger: Logger;
}

export const LOGIN_FAILED = 'Invalid email or password';

export const accountErrors: ErrorMapping = (error) => {
  if (!(error instanceof AccountRuleError)) return undefined;
  switch (error.code) {
    case 'email_taken':
    case 'already_registered':
      return conflict(error.message);
    case 'not_registered':
      return unauthorized();
    case 'invalid_email':
    case 'invalid_threshold':
      return new HttpError(400, error.message);
    case 'subscription_active':
      return conflict(error.message);
  }
};

/** Registration, sign-in and sign-out, admin check and partner programmes. */
export function accountsModule(deps: AccountRoutesDeps): HttpModule {
  const auth = { sessions: deps.sessions, accounts: deps.accounts };
  const balanceOf = async (userId: string) => (await deps.credits.load(creditsStream(userId))).state.balance;
  const programOf = (slug: string) => deps.partnerPrograms.find((p) => p.slug === slug);

  return {
    errors: accountErrors,
    routes(app: Express) {
      const register =
        (partner: (req: Request) => string | undefined): RequestHandler =>
        async (req, res) => {
          const { email, password } = req.body as Credentials;
          const user = await registerAccount(deps, { email, password, partner: partner(req) });
          const { token } = await deps.sessions.create(user.userId);
          res.status(201).json({
            user: { id: user.userId, email: user.email, credits: user.credits },
            token,
            message: user.message,
          } satisfies RegistrationAnswer);
        };
      const partnerExists: RequestHandler = (req, _res, next) =>
        next(
          programOf(String(req.params.partner)) ? undefined : notFound('There is no such partner programme.'),
        );
      const registerLimits: RequestHandler = async (req, _res, next) => {
        const email = normaliseEmail((req.body as Credentials).email);
        await deps.limiter.hit('register-ip', req.ip ?? '', deps.limits.registerPerIp);
        await deps.limiter.hit('register-address', email, deps.limits.registerPerAddress);
        next();
      };
      app.post(
        '/api/auth/register',
        validateBody(validRegistration),
        registerLimits,
        register(() => undefined),
      );
      app.post(
        '/api/auth/register/:partner',
        partnerExists,
        validateBody(validRegistration),
        registerLimits,
        register((req) => String(req.params.partner)),
      );

      app.post('/api/auth/login', validateBody(validLogin), async (req, res) => {
        const { password } = req.body as Credentials;
        const email = normaliseEmail((req.body as Credentials).email);
        const ip = req.ip ?? '';
        await deps.limiter.check('login-ip', ip, deps.limits.loginFailuresPerIp);
        await deps.limiter.check('login-address', email, deps.limits.loginFailuresPerAddress);
        const user = await checkCredentials(deps, email, password);
        if (!user) {
          deps.logger.info('Sign-in failed', { email, ip, requestId: req.requestId });
          await deps.limiter.hit('login-ip', ip, deps.limits.loginFailuresPerIp);
          await deps.limiter.hit('login-address', email, deps.limits.loginFailuresPerAddress);
          throw unauthorized(LOGIN_FAILED);
        }
        deps.logger.info('Signed in', { userId: user.userId, ip, requestId: req.requestId });
        await deps.limiter.reset('login-address', email);
        const { token } = await deps.sessions.create(user.userId);
        res.json({
          user: { id: user.userId, email: user.email, credits: await balanceOf(user.userId) },
          token,
        } satisfies AuthAnswer);
      });

      app.post('/api/auth/logout', requireUser(auth), async (req, res) => {
        await deps.sessions.revoke(req.sessionId!);
        res.status(204).end();
      });

      app.get('/api/auth/is-admin', requireUser(auth), (req, res) => {
        res.json({ isAdmin: userOf(req).isAdmin } satisfies IsAdminAnswer);
      });

      app.get('/api/auth/admin/ping', ...requireAdmin(auth), (_req, res) => {
        res.json({ ok: true });
      });

      app.get('/api/auth/partners/:slug', (req, res) => {
        const program = programOf(String(req.params.slug));
        if (!program) throw notFound('There is no such partner programme.');
        res.json({
          slug: program.slug,
          name: program.name,
          bonusCredits: program.bonusCredits,
        } satisfies PartnerAnswer);
      });
    },
  };
}
