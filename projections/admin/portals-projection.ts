import { isMappingConfigured } from '../../domain/portals/config';
import { eachEvent, type ReadModelTransaction, type Recorded } from '../projection';

async function connected(
  trx: ReadModelTransaction,
  event: Recorded<'PortalConnected' | 'PortalReconnected'>,
) {
  const d = event.data;
  await trx
    .insertInto('admin_portals')
    .values({
      portal_id: d.portalId,
      user_id: d.userId,
      connected: true,
      contact_configured: false,
      company_configured: false,
      connected_at: d.at,
    })
    .onConflict((oc) =>
      oc.column('portal_id').doUpdateSet({ user_id: d.userId, connected: true, connected_at: d.at }),
    )
    .execute();
}

async function disconnected(trx: ReadModelTransaction, event: Recorded<'PortalDisconnected'>) {
  const d = event.data;
  await trx
    .updateTable('admin_portals')
    .set({ connected: false })
    .where('portal_id', '=', d.portalId)
    .execute();
}

async function configSaved(trx: ReadModelTransaction, event: Recorded<'PortalConfigSaved'>) {
  const d = event.data;
  await trx
    .updateTable('admin_portals')
    .set({
      contact_configured: isMappingConfigured(d.config.contact ?? {}),
      company_configured: isMappingConfigured(d.config.company ?? {}),
    })
    .where('portal_id', '=', d.portalId)
    .execute();
}

/** Which portals are connected, by whom, and whether their mappings are configured. */
export const adminPortalsProjection = eachEvent({
  name: 'admin_portals',
  tables: ['admin_portals'],
  handlers: {
    PortalConnected: connected,
    PortalReconnected: connected,
    PortalDisconnected: disconnected,
    PortalConfigSaved: configSaved,
  },
});
