import {
  upcastPortalMapping,
  type PortalMapping,
  type RecordedPortalMapping,
} from '../../domain/portals/config';
import type { ReadModelDb } from '../schema';
import type { Portal } from './tables';

export interface PortalConnectionRow {
  portalId: string;
  userId: string;
  connectedAt: string;
  hubDomain: string | null;
  /** When HubSpot revoked access (the app was uninstalled); null while it grants access. */
  accessRevokedAt: string | null;
  config: PortalMapping;
}

type Row = Pick<Portal, 'portal_id' | 'user_id' | 'connected_at' | 'hub_domain' | 'access_revoked_at'> & {
  config: Portal['config'] | string;
};

function toConnection(row: Row): PortalConnectionRow {
  return {
    portalId: row.portal_id,
    userId: row.user_id,
    connectedAt: new Date(row.connected_at).toISOString(),
    hubDomain: row.hub_domain,
    accessRevokedAt: row.access_revoked_at ? new Date(row.access_revoked_at).toISOString() : null,
    // jsonb comes back parsed from pg and PGlite alike; a string would mean a driver change.
    config: upcastPortalMapping(
      typeof row.config === 'string' ? (JSON.parse(row.config) as RecordedPortalMapping) : row.config,
    ),
  };
}

const columns = [
  'portal_id',
  'user_id',
  'connected_at',
  'hub_domain',
  'access_revoked_at',
  'config',
] as const;

/** The portals a user has connected now (those whose access HubSpot revoked among them), oldest first. */
export async function connectedPortalsOf(db: ReadModelDb, userId: string): Promise<PortalConnectionRow[]> {
  const rows = await db
    .selectFrom('portals')
    .select(columns)
    .where('user_id', '=', userId)
    .where('connected', '=', true)
    .orderBy('connected_at')
    .orderBy('portal_id')
    .execute();
  return rows.map(toConnection);
}

/** Every portal this user holds, or held last before disconnecting it. */
export async function portalIdsHeldBy(db: ReadModelDb, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('portals').select('portal_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.portal_id).sort();
}

/** The portal and its owner while it is connected; undefined when no account holds it. */
export async function connectedPortal(
  db: ReadModelDb,
  portalId: string,
): Promise<PortalConnectionRow | undefined> {
  const row = await db
    .selectFrom('portals')
    .select(columns)
    .where('portal_id', '=', portalId)
    .where('connected', '=', true)
    .executeTakeFirst();
  return row && toConnection(row);
}
