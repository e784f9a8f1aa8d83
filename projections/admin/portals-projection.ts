import { hasMapping } from '../../domain/admin/rules';
import type { RecordedEvent } from '../../domain/eventstore/types';
import type { PortalEvent } from '../../domain/portals/events';
import type { Projection, ReadModelTransaction } from '../projection';

type PortalData<T extends PortalEvent['type']> = Extract<PortalEvent, { type: T }>['data'];

async function connected(trx: ReadModelTransaction, event: RecordedEvent) {
  const d = event.data as PortalData<'PortalConnected'>;
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

async function disconnected(trx: ReadModelTransaction, event: RecordedEvent) {
  const d = event.data as PortalData<'PortalDisconnected'>;
  await trx
    .updateTable('admin_portals')
    .set({ connected: false })
    .where('portal_id', '=', d.portalId)
    .execute();
}

async function configSaved(trx: ReadModelTransaction, event: RecordedEvent) {
  const d = event.data as PortalData<'PortalConfigSaved'>;
  await trx
    .updateTable('admin_portals')
    .set({
      contact_configured: hasMapping(d.config.contact ?? {}),
      company_configured: hasMapping(d.config.company ?? {}),
    })
    .where('portal_id', '=', d.portalId)
    .execute();
}

/** Which portals are connected, by whom, and whether their mappings are configured. */
export const adminPortalsProjection: Projection = {
  name: 'admin_portals',
  tables: ['admin_portals'],
  handlers: {
    PortalConnected: connected,
    PortalReconnected: connected,
    PortalDisconnected: disconnected,
    PortalConfigSaved: configSaved,
  },
};
