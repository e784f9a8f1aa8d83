import type { Express, Request } from 'express';
import { requireUser, userOf, type AuthDeps } from '../auth/middleware';
import { readablePortal } from '../backfill/jobs';
import type { HttpModule } from '../http/app';
import { badRequest, notFound } from '../http/errors';
import type { PortalDirectory } from '../portals/types';
import type { RecordKey } from '../../projections/record-history/queries';
import type { RecordHistoryAnswer, RecordObjectType, RecordUndoAnswer } from './contract';
import { historyAnswer, undoLastChange, type RecordHistoryDeps } from './service';

const NO_SUCH_CONNECTION = 'There is no such HubSpot connection on your account.';
const OBJECT_TYPES: readonly RecordObjectType[] = ['contact', 'company'];

/** The record a path names, on a portal the signed-in user holds; a clear refusal otherwise. */
async function recordOf(deps: { portals: PortalDirectory }, req: Request): Promise<RecordKey> {
  const { portalId = '', objectType = '', objectId = '' } = req.params as Record<string, string | undefined>;
  if (!/^\d{1,20}$/.test(portalId)) throw notFound(NO_SUCH_CONNECTION);
  if (!OBJECT_TYPES.includes(objectType as RecordObjectType))
    throw badRequest(`objectType must be one of: ${OBJECT_TYPES.join(', ')}.`);
  if (!/^\d{1,20}$/.test(objectId))
    throw badRequest(
      'objectId must be a HubSpot record id: digits only, at most 20 (the number in the record’s address).',
    );
  const route = await deps.portals.route(portalId);
  if (!route || route.userId !== userOf(req).id) throw notFound(NO_SUCH_CONNECTION);
  return { portalId, objectType: objectType as RecordObjectType, objectId };
}

const PATH = '/api/hubspot/records/:portalId/:objectType/:objectId';

/** A record's history, and undo of ZipFill's last change to it, for the portal's owner. */
export function recordHistoryModule(
  deps: RecordHistoryDeps & { portals: PortalDirectory; auth: AuthDeps },
): HttpModule {
  const signedIn = requireUser(deps.auth);
  return {
    routes(app: Express) {
      app.get(`${PATH}/history`, signedIn, async (req, res) => {
        const record = await recordOf(deps, req);
        res.setHeader('Cache-Control', 'no-store');
        res.json((await historyAnswer(deps, record)) satisfies RecordHistoryAnswer);
      });

      app.post(`${PATH}/undo`, signedIn, async (req, res) => {
        const record = await recordOf(deps, req);
        // Undo reads and writes HubSpot: a portal whose access was revoked is refused clearly.
        await readablePortal(deps, userOf(req).id, record.portalId);
        res.json((await undoLastChange(deps, record)) satisfies RecordUndoAnswer);
      });
    },
  };
}
