import type { Express } from 'express';
import { lookupSummaries } from '../../projections/admin/lookup-summaries';
import type { ReadModelDb } from '../../projections/schema';
import type { AccountHandler } from '../accounts/handler';
import { requireAdmin } from '../auth/middleware';
import type { Clock, Sessions } from '../auth/sessions';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import { badRequest } from '../http/errors';
import { parseOffset } from '../http/query-params';
import type { LogStats, LogsAnswer, RequestTimelineAnswer } from './contract';
import { parseDate, parseLogFilters, parsePeriod } from './filters';
import { listLogs, listRequests, logStats, requestTimeline } from './queries';

export interface LogsDeps {
  sessions: Sessions;
  accounts: AccountHandler;
  operational: OperationalDb;
  readModels: ReadModelDb;
  now: Clock;
  /** Lines lost by the background writer since start. */
  lostLogLines: () => number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The admin log viewer: lines or requests with filters, statistics, a request's timeline, lookup summaries. */
export function logsModule(deps: LogsDeps): HttpModule {
  const admin = requireAdmin({ sessions: deps.sessions, accounts: deps.accounts });
  return {
    routes(app: Express) {
      app.get('/api/logs/admin/logs', ...admin, async (req, res) => {
        const filters = parseLogFilters(req.query as Record<string, unknown>);
        const period = parsePeriod(req.query as Record<string, unknown>);
        const [page, stats] = await Promise.all([
          filters.groupByRequest
            ? listRequests(deps.operational, filters)
            : listLogs(deps.operational, filters),
          logStats(deps.operational, period, deps.now(), deps.lostLogLines()),
        ]);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ ...page, stats, grouped: filters.groupByRequest } satisfies LogsAnswer);
      });

      app.get('/api/logs/admin/logs/stats', ...admin, async (req, res) => {
        const period = parsePeriod(req.query as Record<string, unknown>);
        res.setHeader('Cache-Control', 'no-store');
        res.json(
          (await logStats(deps.operational, period, deps.now(), deps.lostLogLines())) satisfies LogStats,
        );
      });

      app.get('/api/logs/admin/logs/request/:requestId', ...admin, async (req, res) => {
        const requestId = String(req.params.requestId);
        if (!REQUEST_ID.test(requestId)) throw badRequest('requestId is not a request id.');
        res.json({
          logs: await requestTimeline(deps.operational, requestId),
        } satisfies RequestTimelineAnswer);
      });

      app.get('/api/logs/admin/lookup-summaries', ...admin, async (req, res) => {
        const query = req.query as Record<string, unknown>;
        const single = (name: string) => {
          const v = query[name];
          if (v === undefined || v === '') return undefined;
          if (typeof v !== 'string' || v.length > 100) throw badRequest(`${name} must be given once.`);
          return v;
        };
        const limitRaw = single('limit');
        const limit = limitRaw === undefined ? 50 : Number(limitRaw);
        if (!Number.isInteger(limit) || limit < 1 || limit > 500)
          throw badRequest('limit must be a whole number from 1 to 500.');
        res.json(
          await lookupSummaries(deps.readModels, {
            startDate: parseDate(single('startDate'), 'startDate'),
            endDate: parseDate(single('endDate'), 'endDate', true),
            userId: single('userId'),
            limit,
            offset: parseOffset(query),
          }),
        );
      });
    },
  };
}
