import { portalStream } from '../../domain/portals/decider';
import type { AccountGate } from '../auth/gate';
import type { PortalHandler } from './connections';
import type { PortalDirectory, PortalRoute } from './types';

/** HubSpot's own ZIP property on contacts and companies; app webhooks can follow only standard ones. */
export const ZIP_PROPERTY = { contact: 'zip', company: 'zip' } as const;

/**
 * The lookup pipeline's view of portals, read from each portal's own stream (through the
 * command handler's cache, so only new events are read): a mapping saved a moment ago is the
 * one the next lookup uses, however far the read models lag. A portal whose owner's account no
 * longer admits anyone routes nowhere: its webhooks and workflow requests charge no one.
 */
export class PortalStreamDirectory implements PortalDirectory {
  constructor(
    private readonly portals: PortalHandler,
    private readonly gate: AccountGate,
  ) {}

  async route(portalId: string): Promise<PortalRoute | undefined> {
    const { state } = await this.portals.load(portalStream(portalId));
    if ((state.status !== 'connected' && state.status !== 'revoked') || state.userId === null)
      return undefined;
    if (!(await this.gate.admit(state.userId))) return undefined;
    return {
      portalId,
      userId: state.userId,
      config: state.config,
      zipProperty: { ...ZIP_PROPERTY },
      accessRevoked: state.status === 'revoked',
    };
  }
}
