import type { Express } from 'express';
import { creditHistory, type CreditChange, type HistoryEvent } from '../../domain/admin/credit-history';
import { creditsStream } from '../../domain/credits/decider';
import { recordKey } from '../../domain/privacy/events';
import { deletedRecords } from '../../projections/privacy/queries';
import type { CreditsEvent } from '../../domain/credits/events';
import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { AccountHandler } from '../accounts/handler';
import { requireAdmin } from '../auth/middleware';
import type { Clock, Sessions } from '../auth/sessions';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import { notFound } from '../http/errors';
import { configurationPage, usersPage } from '../../projections/admin/user-pages';
import { windowAt } from '../../projections/admin/window';
import type { CreditHistoryAnswer, DashboardAnswer, UserConfigurationsAnswer, UsersAnswer } from './contract';
import { consolidatedDashboard } from './dashboard';
import { parsePageQuery, parseUsersQuery } from './page-query';

export interface AdminDeps {
  sessions: Sessions;
  accounts: AccountHandler;
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  now: Clock;
}

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** Events of a credits stream read at once for its history. */
const HISTORY_PAGE = 1000;

/** The lookup a credits event is about, if any. */
const lookupOf = (event: CreditsEvent) =>
  event.type === 'LookupCharged' || event.type === 'LookupSucceeded' || event.type === 'LookupFailed'
    ? [event.data]
    : [];

/** The admin dashboard's data, its user tables page by page, and each user's credit audit trail (admins only). */
export function adminModule(deps: AdminDeps): HttpModule {
  const admin = requireAdmin({ sessions: deps.sessions, accounts: deps.accounts });
  return {
    routes(app: Express) {
      app.get('/api/auth/admin/dashboard-consolidated', ...admin, async (_req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json(
          (await consolidatedDashboard(
            deps.readModels,
            deps.operational,
            deps.now(),
          )) satisfies DashboardAnswer,
        );
      });

      app.get('/api/auth/admin/users', ...admin, async (req, res) => {
        const query = parseUsersQuery(req.query);
        res.setHeader('Cache-Control', 'no-store');
        res.json({
          ...(await usersPage(deps.readModels, windowAt(deps.now()), query)),
          ...query,
        } satisfies UsersAnswer);
      });

      app.get('/api/auth/admin/user-configurations', ...admin, async (req, res) => {
        const query = parsePageQuery(req.query);
        res.setHeader('Cache-Control', 'no-store');
        res.json({
          ...(await configurationPage(deps.readModels, query)),
          ...query,
        } satisfies UserConfigurationsAnswer);
      });

      app.get('/api/auth/admin/users/:id/credit-history', ...admin, async (req, res) => {
        const userId = String(req.params.id);
        if (!USER_ID.test(userId)) throw notFound('There is no such user.');
        const account = await deps.readModels
          .selectFrom('accounts')
          .select(['user_id', 'email'])
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!account) throw notFound('There is no such user.');
        // Page by page: a heavy user's stream is never held whole, only the changes it lists.
        const entries: CreditChange[] = [];
        for (let from: bigint | null = 0n; from !== null;) {
          const page = await deps.store.readStreamPage(creditsStream(userId), {
            fromRevision: from,
            limit: HISTORY_PAGE,
          });
          const events = page.events.map((e): HistoryEvent => ({
            event: { type: e.type, data: e.data } as CreditsEvent,
            requestId: typeof e.metadata.requestId === 'string' ? e.metadata.requestId : undefined,
          }));
          const deleted = await deletedRecords(
            deps.readModels,
            events.flatMap(({ event }) => lookupOf(event)),
          );
          for (const change of creditHistory(events, (lookup) => deleted.has(recordKey(lookup))))
            entries.push(change);
          from = page.next;
        }
        res.json({
          userId,
          email: account.email,
          balance: entries.at(-1)?.balanceAfter ?? 0,
          entries,
        } satisfies CreditHistoryAnswer);
      });
    },
  };
}
