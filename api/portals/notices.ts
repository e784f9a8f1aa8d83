import { accountStream } from '../../domain/accounts/decider';
import type { RecordedEvent } from '../../domain/eventstore/types';
import type { PortalEvent } from '../../domain/portals/events';
import type { AccountHandler } from '../accounts/handler';
import type { OperationalDb } from '../db/operational';
import type { Reaction } from '../eventsourcing/reactor';
import { enqueueMail } from '../mail/outbox';

export interface PortalNoticeDeps {
  accounts: AccountHandler;
  operational: OperationalDb;
  now: () => Date;
  publicUrl: string;
  /** Called after a notice was queued (wakes the mail dispatcher). */
  queued?: () => void;
}

type Revoked = Extract<PortalEvent, { type: 'PortalAccessRevoked' }>['data'];

/**
 * Tells a portal's owner, once per loss of access, that HubSpot no longer lets ZipFill in: the
 * outbox row is keyed by the PortalAccessRevoked event, which the portal rules record once
 * however many refreshes and processes saw the refusal, so a repeated reaction queues nothing.
 */
export function portalNotices(deps: PortalNoticeDeps): Reaction {
  const accessRevoked = async (event: RecordedEvent) => {
    const { portalId, userId } = event.data as Revoked;
    const { state } = await deps.accounts.load(accountStream(userId));
    if (state.status !== 'registered') return;
    const queued = await enqueueMail(
      deps.operational,
      {
        to: state.email,
        subject: `HubSpot portal ${portalId} is disconnected from ZipFill`,
        body:
          `HubSpot no longer gives ZipFill access to your portal ${portalId}: the app was uninstalled ` +
          `or its access was revoked in HubSpot.\n\n` +
          `Until you reconnect it, ZIP codes entered in that portal are not filled in, and those lookups ` +
          `are not charged. Your field mapping is kept and comes back when you reconnect.\n\n` +
          `Reconnect it from your dashboard: ${deps.publicUrl}/dashboard\n`,
      },
      deps.now(),
      `portal-access-revoked:${event.id}`,
    );
    if (queued) deps.queued?.();
  };
  return { name: 'portal-notices', handlers: { PortalAccessRevoked: accessRevoked } };
}
