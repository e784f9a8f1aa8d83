import { assertNever, type Decider } from '../decider';
import { defaultPortalMapping, sameMapping, upcastPortalMapping, type PortalMapping } from './config';
import { PortalRuleError } from './errors';
import type { PortalEvent } from './events';

/** The stream that holds one CRM portal's connection and mapping. */
export const portalStream = (portalId: string) => `portal-${portalId}`;

export interface PortalState {
  /**
   * `revoked`: still the owner's, mapping kept, but HubSpot no longer grants access (the app was
   * uninstalled or access revoked there); its lookups fail as crm_auth_failed until a reconnect.
   */
  status: 'never' | 'connected' | 'revoked' | 'disconnected';
  /** The account holding the portal, or that held it last. */
  userId: string | null;
  connectedAt: string | null;
  config: PortalMapping;
}

export type PortalCommand =
  | { type: 'ConnectPortal'; portalId: string; userId: string; at: string; hubDomain?: string }
  | { type: 'DisconnectPortal'; portalId: string; userId: string; at: string }
  /** HubSpot refused the portal's refresh token; whoever holds the portal loses access to it. */
  | { type: 'RecordAccessRevoked'; portalId: string; at: string }
  | { type: 'SavePortalConfig'; portalId: string; userId: string; at: string; config: PortalMapping };

export const initialPortalState = (): PortalState => ({
  status: 'never',
  userId: null,
  connectedAt: null,
  config: defaultPortalMapping(),
});

export function evolvePortal(state: PortalState, event: PortalEvent): PortalState {
  switch (event.type) {
    case 'PortalConnected': {
      // A mapping is its owner's choice: someone new starts from "map nothing".
      const sameOwner = state.userId === event.data.userId;
      return {
        status: 'connected',
        userId: event.data.userId,
        connectedAt: event.data.at,
        config: sameOwner ? state.config : defaultPortalMapping(),
      };
    }
    case 'PortalReconnected':
      return { ...state, status: 'connected' };
    case 'PortalAccessRevoked':
      return { ...state, status: 'revoked' };
    case 'PortalDisconnected':
      return { ...state, status: 'disconnected' };
    case 'PortalConfigSaved':
      return { ...state, config: upcastPortalMapping(event.data.config) };
    default:
      return assertNever(event);
  }
}

/** The portal is this account's now, connected or waiting for a reconnect after HubSpot revoked access. */
const heldBy = (state: PortalState, userId: string) =>
  (state.status === 'connected' || state.status === 'revoked') && state.userId === userId;

function ownedBy(state: PortalState, userId: string, revokedToo = false): void {
  const held = revokedToo ? heldBy(state, userId) : state.status === 'connected' && state.userId === userId;
  if (!held) {
    throw new PortalRuleError('portal_not_owned', 'There is no such HubSpot connection on your account.');
  }
}

/**
 * The portal rules. A portal belongs to one account at a time: whoever completes HubSpot's
 * consent for it holds it (HubSpot only lets a portal's admins install), so connecting a portal
 * another account holds moves it, and the old owner sees it disconnected. Connecting it again
 * from the same account is a reconnect, also after HubSpot revoked access, and keeps the mapping.
 * A refused refresh token is recorded once per loss of access. Only the owner configures it; the
 * owner deletes it, also while access is revoked.
 */
export function decidePortal(command: PortalCommand, state: PortalState): PortalEvent[] {
  switch (command.type) {
    case 'ConnectPortal': {
      const { portalId, userId, at, hubDomain } = command;
      const domain = hubDomain === undefined ? {} : { hubDomain };
      if (heldBy(state, userId)) {
        return [{ type: 'PortalReconnected', data: { portalId, userId, at, ...domain } }];
      }
      const connected: PortalEvent = { type: 'PortalConnected', data: { portalId, userId, at, ...domain } };
      if (state.userId !== null && heldBy(state, state.userId)) {
        return [
          {
            type: 'PortalDisconnected',
            data: { portalId, userId: state.userId, at, reason: 'connected_by_another_account' },
          },
          connected,
        ];
      }
      return [connected];
    }
    case 'RecordAccessRevoked':
      // Concurrent refreshes and other processes report the same refusal: only the first counts.
      if (state.status !== 'connected' || state.userId === null) return [];
      return [
        {
          type: 'PortalAccessRevoked',
          data: { portalId: command.portalId, userId: state.userId, at: command.at },
        },
      ];
    case 'DisconnectPortal':
      ownedBy(state, command.userId, true);
      return [
        {
          type: 'PortalDisconnected',
          data: {
            portalId: command.portalId,
            userId: command.userId,
            at: command.at,
            reason: 'deleted_by_owner',
          },
        },
      ];
    case 'SavePortalConfig': {
      ownedBy(state, command.userId);
      if (sameMapping(state.config, command.config)) return [];
      const { portalId, userId, at, config } = command;
      return [{ type: 'PortalConfigSaved', data: { portalId, userId, at, config } }];
    }
    default:
      return assertNever(command);
  }
}

export const portalDecider: Decider<PortalState, PortalCommand, PortalEvent> = {
  initialState: initialPortalState,
  evolve: evolvePortal,
  decide: decidePortal,
};
