import type { Express, Request } from 'express';
import { requireUser, userOf, type AuthDeps } from '../auth/middleware';
import { readablePortal } from '../backfill/jobs';
import type { HttpModule } from '../http/app';
import { badRequest, notFound } from '../http/errors';
import { queryParam } from '../http/query-params';
import { describeValidationError, validateBody } from '../http/validation';
import { examineRecords, healthCheck, type HealthCheckDeps } from './check';
import type { HealthCheckAnswer, HealthCheckRequest } from './contract';
import { HEALTH_REPORT_HEADER, healthReportLine } from './report';
import { validHealthCheckRequest } from './schemas';
import { startCsvDownload } from '../http/csv-download';

function portalIdOf(req: Request): string {
  const id = String(req.params.portalId ?? '');
  if (!/^\d{1,20}$/.test(id)) throw notFound('There is no such HubSpot connection on your account.');
  return id;
}

/** The report's object type, from its query string, refused as the POST body's would be. */
function requestOfQuery(req: Request): HealthCheckRequest {
  const request = { objectType: queryParam(req.query, 'objectType') };
  if (!validHealthCheckRequest(request))
    throw badRequest(describeValidationError(validHealthCheckRequest.errors?.[0], 'query string'));
  return request;
}

/** The free health check of a portal's addresses, and its records as CSV. */
export function addressHealthModule(deps: HealthCheckDeps & { auth: AuthDeps }): HttpModule {
  const signedIn = requireUser(deps.auth);
  return {
    routes(app: Express) {
      app.post(
        '/api/hubspot/health-checks/:portalId',
        signedIn,
        validateBody(validHealthCheckRequest),
        async (req, res) => {
          const route = await readablePortal(deps, userOf(req).id, portalIdOf(req));
          const request = req.body as HealthCheckRequest;
          res.setHeader('Cache-Control', 'no-store');
          res.json((await healthCheck(deps, route, request)) satisfies HealthCheckAnswer);
        },
      );

      app.get('/api/hubspot/health-checks/:portalId/report.csv', signedIn, async (req, res) => {
        const request = requestOfQuery(req);
        const route = await readablePortal(deps, userOf(req).id, portalIdOf(req));
        startCsvDownload(res, `zipfill-health-${request.objectType}-${route.portalId}.csv`);
        res.write(`${HEALTH_REPORT_HEADER.join(',')}\r\n`);
        await examineRecords(deps, route, request.objectType, (record) =>
          res.write(healthReportLine(record)),
        );
        res.end();
      });
    },
  };
}
