import type { ColumnType, Selectable } from 'kysely';
import type { RecordedPortalMapping } from '../../domain/portals/config';

export interface PortalsTable {
  portal_id: string;
  /** The account holding the portal, or that held it last. */
  user_id: string;
  connected: boolean;
  /** When the current owner connected it ("Connected On"). */
  connected_at: ColumnType<Date, Date | string, Date | string>;
  hub_domain: string | null;
  /** When HubSpot refused the portal's refresh token (uninstalled); null while it grants access. */
  access_revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Rows written before write modes hold the old switch: read them through upcastPortalMapping. */
  config: ColumnType<RecordedPortalMapping, string, string>;
}

export interface PortalTables {
  portals: PortalsTable;
}

export type Portal = Selectable<PortalsTable>;
