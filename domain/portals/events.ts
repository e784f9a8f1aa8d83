import type { DomainEvent } from '../decider';
import type { RecordedPortalMapping } from './config';

/** Why an owner lost a portal. */
export type PortalDisconnectReason = 'deleted_by_owner' | 'connected_by_another_account';

export type PortalEvent =
  | DomainEvent<'PortalConnected', { portalId: string; userId: string; at: string; hubDomain?: string }>
  | DomainEvent<'PortalReconnected', { portalId: string; userId: string; at: string; hubDomain?: string }>
  // HubSpot refused the portal's refresh token: the app was uninstalled or its access revoked there.
  // The portal stays its owner's, mapping and all, until they reconnect or delete it.
  | DomainEvent<'PortalAccessRevoked', { portalId: string; userId: string; at: string }>
  | DomainEvent<
      'PortalDisconnected',
      { portalId: string; userId: string; at: string; reason: PortalDisconnectReason }
    >
  // Recorded, not current: events from before write modes carry "only fill empty" instead
  // (upcastPortalMapping reads either).
  | DomainEvent<
      'PortalConfigSaved',
      { portalId: string; userId: string; at: string; config: RecordedPortalMapping }
    >;
