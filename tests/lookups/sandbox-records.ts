import { creditsStream } from '../../domain/credits/decider';
import type { RunningApp } from '../support/app';
import { postSandboxForm, type SandboxPortal } from '../support/sandbox-portal';
import { waitUntil } from './helpers';

/** A person's contacts on the sandbox CRM's records page, and the lookups their ZIPs cause. */
export function sandboxContacts(app: () => RunningApp) {
  const recordOf = async (portal: SandboxPortal, id: string) =>
    (await app().system.sandboxCrm!.store.records(portal.portalId, 'contacts', [id]))[0]!.properties;
  const lookupsOf = (portal: SandboxPortal) =>
    app()
      .system.readModels.selectFrom('lookup_requests')
      .select(['object_id', 'status', 'reason'])
      .where('portal_id', '=', portal.portalId)
      .execute();
  return {
    recordOf,
    lookupsOf,
    /** Waits until `count` lookups of the portal have ended and every read model has them. */
    async settled(portal: SandboxPortal, count: number) {
      await waitUntil(async () => {
        const rows = await lookupsOf(portal);
        return rows.length >= count && rows.every((r) => r.status !== 'pending');
      });
      const { system } = app();
      await system.runner.settled();
      await system.lookups!.settled();
      await system.runner.settled();
    },
    balanceOf: async (userId: string) =>
      (await app().system.accounts.credits.load(creditsStream(userId))).state.balance,
    /** Saves the contact on the records page as a person would: every field of the form, changed as given. */
    async edit(portal: SandboxPortal, id: string, changes: Record<string, string>) {
      const current = await recordOf(portal, id);
      const fields = Object.fromEntries(
        Object.entries(current).filter(([k]) => !['hs_object_id', 'createdate'].includes(k)),
      ) as Record<string, string>;
      await postSandboxForm(app().baseUrl, 'records', portal, {
        type: 'contacts',
        id,
        ...fields,
        ...changes,
      });
    },
  };
}
