import type { Express } from 'express';
import { accountStream, unsubscribeLinkWorks } from '../../domain/accounts/decider';
import { creditsStream } from '../../domain/credits/decider';
import { allTimeSuccessfulLookups, creditUsageOf } from '../../projections/credits/queries';
import type { ReadModelDb } from '../../projections/schema';
import { requireUser, userOf } from '../auth/middleware';
import { tokenDigest } from '../auth/tokens';
import type { OperationalDb } from '../db/operational';
import { HttpError } from '../http/errors';
import type { HttpModule } from '../http/app';
import { validateBody } from '../http/validation';
import { validThreshold } from './schemas';
import type { AccountsDeps } from '../accounts/services';
import type { MessageAnswer } from '../http/contract';
import type {
  CreditBalanceAnswer,
  CreditNotificationsAnswer,
  CreditUsageAnswer,
  LookupCountAnswer,
  ThresholdSavedAnswer,
} from './contract';

export const THRESHOLD_SAVED = 'Notification settings updated successfully';
export const UNSUBSCRIBED = 'You have been successfully unsubscribed from credit notifications.';
export const UNSUBSCRIBE_FAILED = 'Failed to unsubscribe. The link may be invalid or expired.';

export interface CreditRoutesDeps extends AccountsDeps {
  readModels: ReadModelDb;
  operational: OperationalDb;
}

/** The signed-in user's balance, usage and notification threshold; the public lookup counter; unsubscribe links. */
export function creditAccountModule(deps: CreditRoutesDeps): HttpModule {
  const auth = requireUser({ sessions: deps.sessions, accounts: deps.accounts });
  const accountOf = async (userId: string) => {
    const { state } = await deps.accounts.load(accountStream(userId));
    if (state.status !== 'registered') throw new HttpError(401, 'Please sign in to continue.');
    return state;
  };
  return {
    routes(app: Express) {
      app.get('/api/auth/credit-balance', auth, async (req, res) => {
        const { state } = await deps.credits.load(creditsStream(userOf(req).id));
        res.json({ creditBalance: state.balance } satisfies CreditBalanceAnswer);
      });

      app.get('/api/auth/credit-usage-stats', auth, async (req, res) => {
        const usage = await creditUsageOf(deps.readModels, userOf(req).id);
        res.json({
          creditsUsed: usage.creditsUsed,
          failedAttempts: usage.failedAttempts,
          nothingToUpdate: usage.nothingToUpdate,
        } satisfies CreditUsageAnswer);
      });

      app.get('/api/auth/lookup-count', async (_req, res) => {
        res.json({
          allTimeSuccessfulLookups: await allTimeSuccessfulLookups(deps.readModels),
        } satisfies LookupCountAnswer);
      });

      app.get('/api/auth/credit-threshold', auth, async (req, res) => {
        const account = await accountOf(userOf(req).id);
        res.json({
          threshold: account.creditThreshold,
          unsubscribedByEmail: account.notificationsUnsubscribed,
          thresholdBeforeUnsubscribe: account.thresholdBeforeUnsubscribe,
        } satisfies CreditNotificationsAnswer);
      });

      app.post('/api/auth/credit-threshold', auth, validateBody(validThreshold), async (req, res) => {
        const user = userOf(req);
        const { threshold } = req.body as { threshold: number | null };
        const { state } = await deps.accounts.handle(
          accountStream(user.id),
          { type: 'SetCreditThreshold', threshold, at: deps.now().toISOString() },
          { metadata: { userId: user.id, requestId: req.requestId } },
        );
        res.json({
          threshold: state.status === 'registered' ? state.creditThreshold : threshold,
          message: THRESHOLD_SAVED,
        } satisfies ThresholdSavedAnswer);
      });

      // Works signed out: the token in the e-mail's link is the proof, for 90 days, as often as it is used.
      app.get('/api/auth/unsubscribe-credits/:token', async (req, res) => {
        const token = String(req.params.token);
        const row =
          token.length <= 200
            ? await deps.operational
                .selectFrom('unsubscribe_tokens')
                .select(['user_id', 'created_at'])
                .where('id', '=', tokenDigest(token))
                .executeTakeFirst()
            : undefined;
        const works = row && unsubscribeLinkWorks(new Date(row.created_at).getTime(), deps.now().getTime());
        if (!row || !works || !(await deps.gate.admit(row.user_id)))
          throw new HttpError(404, UNSUBSCRIBE_FAILED);
        await deps.accounts.handle(
          accountStream(row.user_id),
          { type: 'UnsubscribeCreditNotifications', at: deps.now().toISOString() },
          { metadata: { userId: row.user_id, requestId: req.requestId } },
        );
        res.json({ message: UNSUBSCRIBED } satisfies MessageAnswer);
      });
    },
  };
}
