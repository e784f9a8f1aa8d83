import { defaultPortalMapping, upcastPortalMapping } from '../../domain/portals/config';
import { eachEvent } from '../projection';

/**
 * One row per portal ever connected: who holds it, whether it is connected, since when, whether
 * HubSpot still grants access (a revoked portal stays listed, connected, for its owner to
 * reconnect), and its mapping. A new owner starts from the default mapping, as the portal rules say.
 */
export const portalsProjection = eachEvent({
  name: 'portals',
  tables: ['portals'],
  handlers: {
    PortalConnected: async (trx, event) => {
      const d = event.data;
      const previous = await trx
        .selectFrom('portals')
        .select(['user_id', 'config'])
        .where('portal_id', '=', d.portalId)
        .executeTakeFirst();
      const config =
        previous?.user_id === d.userId ? upcastPortalMapping(previous.config) : defaultPortalMapping();
      const row = {
        user_id: d.userId,
        connected: true,
        connected_at: d.at,
        hub_domain: d.hubDomain ?? null,
        access_revoked_at: null,
        config: JSON.stringify(config),
      };
      await trx
        .insertInto('portals')
        .values({ portal_id: d.portalId, ...row })
        .onConflict((oc) => oc.column('portal_id').doUpdateSet(row))
        .execute();
    },
    PortalReconnected: async (trx, event) => {
      const d = event.data;
      await trx
        .updateTable('portals')
        .set({
          connected: true,
          access_revoked_at: null,
          ...(d.hubDomain ? { hub_domain: d.hubDomain } : {}),
        })
        .where('portal_id', '=', d.portalId)
        .execute();
    },
    PortalAccessRevoked: async (trx, event) => {
      const d = event.data;
      await trx
        .updateTable('portals')
        .set({ access_revoked_at: d.at })
        .where('portal_id', '=', d.portalId)
        .where('user_id', '=', d.userId)
        .execute();
    },
    PortalDisconnected: async (trx, event) => {
      const d = event.data;
      await trx
        .updateTable('portals')
        .set({ connected: false })
        .where('portal_id', '=', d.portalId)
        .where('user_id', '=', d.userId)
        .execute();
    },
    PortalConfigSaved: async (trx, event) => {
      const d = event.data;
      await trx
        .updateTable('portals')
        .set({ config: JSON.stringify(upcastPortalMapping(d.config)) })
        .where('portal_id', '=', d.portalId)
        .where('user_id', '=', d.userId)
        .execute();
    },
  },
});
