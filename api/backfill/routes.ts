import type { Express, Request, RequestHandler } from 'express';
import { BackfillRuleError } from '../../domain/backfill/errors';
import { changedSinceProblem } from '../../domain/backfill/dates';
import { backfillJobsOf, backfillJobsPage } from '../../projections/backfill/queries';
import { requireAdmin, requireUser, userOf, type AuthDeps } from '../auth/middleware';
import type { HttpModule } from '../http/app';
import { badRequest, conflict, notFound, type ErrorMapping } from '../http/errors';
import { queryParam } from '../http/query-params';
import { validateBody } from '../http/validation';
import type {
  AdminBackfillsAnswer,
  BackfillDryRunAnswer,
  BackfillJobAnswer,
  BackfillJobsAnswer,
  BackfillRequest,
  UndoDryRunAnswer,
} from './contract';
import type { BackfillDeps } from './deps';
import { caughtUp, controlJob, dryRun, jobAnswer, ownedJob, startJob, type JobAction } from './jobs';
import { reportLines, undoReportLines } from './report';
import { startUndo, undoDryRun } from './undo';
import { validBackfillRequest } from './schemas';
import { startCsvDownload } from '../http/csv-download';

const NO_SUCH_JOB = 'There is no such backfill job on your account.';

export const backfillErrors: ErrorMapping = (error) => {
  if (!(error instanceof BackfillRuleError)) return undefined;
  return error.code === 'no_such_job' ? notFound(NO_SUCH_JOB) : conflict(error.message);
};

function portalIdOf(req: Request): string {
  const id = String(req.params.portalId ?? '');
  if (!/^\d{1,20}$/.test(id)) throw notFound('There is no such HubSpot connection on your account.');
  return id;
}

function jobIdOf(req: Request): string {
  const id = String(req.params.jobId ?? '');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw notFound(NO_SUCH_JOB);
  return id;
}

const ADMIN_PAGE_SIZES = [10, 25, 50, 100];

/** Backfill jobs: the dry run, starting, following and steering a job, its report, and the admin's list. */
export function backfillModule(deps: BackfillDeps & { auth: AuthDeps; wake: () => void }): HttpModule {
  const signedIn = requireUser(deps.auth);
  const admin = requireAdmin(deps.auth);
  const answer = (row: Parameters<typeof jobAnswer>[0]) => ({ job: jobAnswer(row, deps.now()) });
  // A day HubSpot would refuse (before 1970) or that selects nothing (after today) is bad input: 400.
  const changedSinceInRange: RequestHandler = (req, _res, next) => {
    const day = (req.body as BackfillRequest).changedSince;
    const problem =
      day === undefined ? undefined : changedSinceProblem(day, deps.now().toISOString().slice(0, 10));
    next(problem ? badRequest(problem) : undefined);
  };
  return {
    errors: backfillErrors,
    routes(app: Express) {
      app.post(
        '/api/hubspot/backfills/:portalId/dry-run',
        signedIn,
        validateBody(validBackfillRequest),
        changedSinceInRange,
        async (req, res) => {
          const request = req.body as BackfillRequest;
          res.json(
            (await dryRun(deps, userOf(req).id, portalIdOf(req), request)) satisfies BackfillDryRunAnswer,
          );
        },
      );

      app.post(
        '/api/hubspot/backfills/:portalId',
        signedIn,
        validateBody(validBackfillRequest),
        changedSinceInRange,
        async (req, res) => {
          const userId = userOf(req).id;
          const jobId = await startJob(deps, userId, portalIdOf(req), req.body as BackfillRequest);
          deps.wake();
          const row = await caughtUp(deps, jobId, 'running');
          if (!row)
            throw new Error(`The backfill job ${jobId} was started but its read model does not show it`);
          res.status(201).json(answer(row) satisfies BackfillJobAnswer);
        },
      );

      app.get('/api/hubspot/backfills', signedIn, async (req, res) => {
        const rows = await backfillJobsOf(deps.readModels, userOf(req).id);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ jobs: rows.map((r) => jobAnswer(r, deps.now())) } satisfies BackfillJobsAnswer);
      });

      app.get('/api/hubspot/backfill/:jobId', signedIn, async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json(answer(await ownedJob(deps, userOf(req).id, jobIdOf(req))) satisfies BackfillJobAnswer);
      });

      for (const action of ['pause', 'resume', 'cancel'] as const satisfies JobAction[])
        app.post(`/api/hubspot/backfill/:jobId/${action}`, signedIn, async (req, res) => {
          const row = await ownedJob(deps, userOf(req).id, jobIdOf(req));
          const job = await controlJob(deps, row, action);
          if (job.state === 'running') deps.wake();
          const now = (await caughtUp(deps, row.jobId, job.state)) ?? row;
          // The state is what was just recorded, even where the read model is still behind (a restart's backlog).
          res.json(answer({ ...now, state: job.state }) satisfies BackfillJobAnswer);
        });

      app.get('/api/hubspot/backfill/:jobId/report.csv', signedIn, async (req, res) => {
        const row = await ownedJob(deps, userOf(req).id, jobIdOf(req));
        const kind = row.undoOf === null ? 'backfill' : 'undo';
        startCsvDownload(res, `zipfill-${kind}-${row.objectType}-${row.portalId}-${row.jobId}.csv`);
        const lines =
          row.undoOf === null
            ? reportLines(deps.readModels, row.jobId, deps.zipTable)
            : undoReportLines(deps.readModels, row.jobId);
        for await (const line of lines) res.write(line);
        res.end();
      });

      app.post('/api/hubspot/backfill/:jobId/undo/dry-run', signedIn, async (req, res) => {
        res.json((await undoDryRun(deps, userOf(req).id, jobIdOf(req))) satisfies UndoDryRunAnswer);
      });

      app.post('/api/hubspot/backfill/:jobId/undo', signedIn, async (req, res) => {
        const jobId = await startUndo(deps, userOf(req).id, jobIdOf(req));
        deps.wake();
        const row = await caughtUp(deps, jobId, 'running');
        if (!row) throw new Error(`The undo job ${jobId} was started but its read model does not show it`);
        res.status(201).json(answer(row) satisfies BackfillJobAnswer);
      });

      app.get('/api/auth/admin/backfills', ...admin, async (req, res) => {
        const limitRaw = queryParam(req.query, 'limit');
        const limit = limitRaw === undefined ? 25 : Number(limitRaw);
        if (!ADMIN_PAGE_SIZES.includes(limit))
          throw badRequest(`limit must be one of: ${ADMIN_PAGE_SIZES.join(', ')}.`);
        const pageRaw = queryParam(req.query, 'page');
        if (pageRaw !== undefined && !/^[1-9]\d{0,6}$/.test(pageRaw))
          throw badRequest('page must be a whole number, 1 or more.');
        const page = pageRaw === undefined ? 1 : Number(pageRaw);
        const { jobs, total } = await backfillJobsPage(deps.readModels, limit, (page - 1) * limit);
        res.setHeader('Cache-Control', 'no-store');
        res.json({
          jobs: jobs.map((r) => ({ ...jobAnswer(r, deps.now()), userId: r.userId, userEmail: r.userEmail })),
          total,
          page,
          pages: Math.max(1, Math.ceil(total / limit)),
        } satisfies AdminBackfillsAnswer);
      });
    },
  };
}
