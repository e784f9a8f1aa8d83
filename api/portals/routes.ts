import type { Express, Request } from 'express';
import { portalStream } from '../../domain/portals/decider';
import { PortalRuleError } from '../../domain/portals/errors';
import { CrmCallError, isFinalRefusal } from '../adapters/hubspot/errors';
import { withoutZipProperty, zipPropertyTarget } from '../../domain/portals/config';

import type { AccountGate } from '../auth/gate';
import { requireUser, userOf, type AuthDeps } from '../auth/middleware';
import type { HttpModule } from '../http/app';
import { badRequest, HttpError, notFound, type ErrorMapping } from '../http/errors';
import { validateBody } from '../http/validation';
import {
  configFromRequest,
  unknownProperty,
  validPortalConfig,
  type PortalConfigRequest,
} from './config-schema';
import {
  completeConnection,
  connectionsOf,
  deleteConnection,
  installUrl,
  ownPortal,
  type ConnectionDeps,
} from './connections';
import { fetchPropertyOptions } from './properties';
import { ZIP_PROPERTY } from './portal-directory';
import type { CrmObjectType, PortalConfig, PropertyOption } from './types';
import type { MessageAnswer } from '../http/contract';
import type { ConnectionsAnswer, InstallUrlAnswer } from './contract';

const NO_SUCH_CONNECTION = 'There is no such HubSpot connection on your account.';

export const hubspotErrors: ErrorMapping = (error) => {
  if (error instanceof PortalRuleError) return notFound(NO_SUCH_CONNECTION);
  if (error instanceof CrmCallError) {
    const { message } = error;
    return new HttpError(
      502,
      error.reason === 'crm_auth_failed'
        ? 'HubSpot refused access to this portal. Please connect it again from the dashboard.'
        : isFinalRefusal(error)
          ? `HubSpot refused the request: ${message}`
          : `HubSpot could not be reached: ${message}`,
    );
  }
  return undefined;
};

/** HubSpot portal ids are whole numbers; anything else cannot be one of the user's portals. */
function portalIdOf(req: Request): string {
  const id = String(req.params.portalId ?? req.params.id ?? '');
  if (!/^\d{1,20}$/.test(id)) throw notFound(NO_SUCH_CONNECTION);
  return id;
}

/** OAuth connect, the user's connections, the properties a mapping may use and the mapping itself. */
export function hubspotModule(deps: ConnectionDeps & { auth: AuthDeps; gate: AccountGate }): HttpModule {
  const signedIn = requireUser(deps.auth);
  const owned = async (req: Request) => {
    const portalId = portalIdOf(req);
    const state = await ownPortal(deps, userOf(req).id, portalId);
    if (!state) throw notFound(NO_SUCH_CONNECTION);
    return { portalId, state };
  };
  const mappableOptions = async (portalId: string, type: CrmObjectType) =>
    withoutZipProperty(await fetchPropertyOptions(deps.client, portalId, type), ZIP_PROPERTY[type]);
  const offered = async (portalId: string) => {
    const [contact, company] = await Promise.all(
      (['contact', 'company'] as CrmObjectType[]).map((t) => mappableOptions(portalId, t)),
    );
    return { contact: contact!, company: company! };
  };

  return {
    errors: hubspotErrors,
    routes(app: Express) {
      app.get('/api/auth/hubspot-install-url', signedIn, (req, res) => {
        res.json({ installUrl: installUrl(deps, userOf(req).id) } satisfies InstallUrlAnswer);
      });

      app.get('/api/hubspot/oauth/callback', async (req, res) => {
        const code = typeof req.query.code === 'string' ? req.query.code : '';
        const state = typeof req.query.state === 'string' ? req.query.state : '';
        const stateUser = state ? deps.state.verify(state, deps.now()) : undefined;
        // A state outlives nothing it was issued for: a deleted account's state connects nothing.
        const userId = stateUser && (await deps.gate.admit(stateUser))?.userId;
        if (!code || !userId) {
          deps.logger.warn('HubSpot connect refused: missing code, or a state invalid or of no account', {
            requestId: req.requestId,
            hubspotError: typeof req.query.error === 'string' ? req.query.error : undefined,
          });
          res.redirect(303, '/dashboard?hubspot_connected=false');
          return;
        }
        try {
          const { portalId, reconnected } = await completeConnection(deps, userId, code);
          deps.logger.info('HubSpot portal connected', {
            requestId: req.requestId,
            userId,
            portalId,
            reconnected,
          });
          res.redirect(303, `/dashboard?hubspot_connected=true${reconnected ? '&reconnected=true' : ''}`);
        } catch (error) {
          deps.logger.warn('HubSpot connect failed', {
            requestId: req.requestId,
            userId,
            error: error instanceof Error ? error.message : String(error),
          });
          res.redirect(303, '/dashboard?hubspot_connected=false');
        }
      });

      app.get('/api/auth/hubspot-connections', signedIn, async (req, res) => {
        const rows = await connectionsOf(deps, userOf(req).id);
        res.json({
          connections: rows.map((r) => ({
            id: r.portalId,
            portal_id: r.portalId,
            created_at: r.connectedAt,
            state: r.accessRevokedAt ? 'access_revoked' : 'connected',
            access_revoked_at: r.accessRevokedAt,
          })),
        } satisfies ConnectionsAnswer);
      });

      app.delete('/api/auth/hubspot-connection/:id', signedIn, async (req, res) => {
        await deleteConnection(deps, userOf(req).id, portalIdOf(req));
        res.json({ message: 'HubSpot connection deleted' } satisfies MessageAnswer);
      });

      for (const [path, type] of [
        ['contact-properties', 'contact'],
        ['company-properties', 'company'],
      ] as const) {
        app.get(`/api/hubspot/${path}/:portalId`, signedIn, async (req, res) => {
          const { portalId } = await owned(req);
          res.json((await mappableOptions(portalId, type)) satisfies PropertyOption[]);
        });
      }

      app.get('/api/hubspot/portal-config/:portalId', signedIn, async (req, res) => {
        const { state } = await owned(req);
        res.json(state.config satisfies PortalConfig);
      });

      app.post(
        '/api/hubspot/save-portal-config/:portalId',
        signedIn,
        validateBody(validPortalConfig),
        async (req, res) => {
          const { portalId, state } = await owned(req);
          const config = configFromRequest(req.body as PortalConfigRequest, state.config);
          const problem =
            zipPropertyTarget(config, ZIP_PROPERTY) ?? unknownProperty(config, await offered(portalId));
          if (problem) throw badRequest(problem);
          await deps.portals.handle(portalStream(portalId), {
            type: 'SavePortalConfig',
            portalId,
            userId: userOf(req).id,
            at: deps.now().toISOString(),
            config,
          });
          res.json({ message: 'Configuration saved' } satisfies MessageAnswer);
        },
      );
    },
  };
}
