import type { Express } from 'express';
import { dailyUsageOf } from '../../projections/usage/queries';
import type { ReadModelDb } from '../../projections/schema';
import type { AccountHandler } from '../accounts/handler';
import { requireUser, userOf } from '../auth/middleware';
import type { Sessions } from '../auth/sessions';
import type { HttpModule } from '../http/app';
import { badRequest } from '../http/errors';
import { usageRange } from './usage-dates';
import type { UsageChartAnswer } from './contract';

export interface UsageRoutesDeps {
  sessions: Sessions;
  accounts: AccountHandler;
  readModels: ReadModelDb;
  now: () => Date;
}

/** The signed-in user's daily usage for the dashboard chart. */
export function usageModule(deps: UsageRoutesDeps): HttpModule {
  const auth = requireUser({ sessions: deps.sessions, accounts: deps.accounts });
  return {
    routes(app: Express) {
      app.get('/api/auth/usage-chart-data', auth, async (req, res) => {
        const range = usageRange(req.query.startDate, req.query.endDate, deps.now());
        if (!range.ok) throw badRequest(range.message);
        const data = await dailyUsageOf(deps.readModels, userOf(req).id, range.startDate, range.endDate);
        res.json({ data } satisfies UsageChartAnswer);
      });
    },
  };
}
