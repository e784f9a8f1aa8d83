import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditHistoryAnswer } from '../../api/admin/contract';
import { creditsStream } from '../../domain/credits/decider';
import { liveSchema } from '../../projections/versions';
import { call, freshEmail, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import {
  createSandboxContact,
  mappedSandboxPortal,
  postSandboxForm,
  type SandboxPortal,
} from '../support/sandbox-portal';
import { replayBeside } from '../accounts/deletion-support';
import { waitUntil } from '../lookups/helpers';

/**
 * Every table of the service's schema (read models, operational tables, the event log) and how
 * many rows mention `needle` as a word of its own: a ZIP inside an id, a ciphertext or a number
 * is a coincidence, not the ZIP.
 */
async function rowsMentioning(app: RunningApp, needle: string): Promise<Record<string, number>> {
  const word = `(^|[^0-9A-Za-z])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^0-9A-Za-z]|$)`;
  const db = app.system.database.db;
  const schema = await liveSchema(db);
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
     WHERE table_schema = ${schema} AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ${sql.table(table_name)} AS t WHERE t::text ~* ${word}`.execute(db);
    if (Number(rows[0]!.n) > 0) found[table_name] = Number(rows[0]!.n);
  }
  return found;
}

for (const backend of behaviourBackends) {
  describe(`a contact deleted for privacy in HubSpot, on ${backend.name}`, () => {
    let app: RunningApp;
    const adminEmail = freshEmail('admin');
    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail });
    });
    afterAll(async () => app?.close());

    const settle = async () => {
      await app.system.runner.settled();
      await app.system.lookups!.settled();
      await app.system.runner.settled();
      await app.system.privacyDeletions.settled();
      await app.system.requestLogs.flush();
    };
    const lookupsOf = (portal: SandboxPortal) =>
      app.system.readModels
        .selectFrom('lookup_requests')
        .select(['object_id', 'status'])
        .where('portal_id', '=', portal.portalId)
        .execute();
    const finished = async (portal: SandboxPortal, count: number) => {
      await waitUntil(async () => {
        const rows = await lookupsOf(portal);
        return rows.length >= count && rows.every((r) => r.status !== 'pending');
      });
      await settle();
    };

    it('forgets its ZIP, e-mail and filled values everywhere within the minute, keeps the credit totals, and a replay gives the same read models', async () => {
      const admin = await signUp(app.baseUrl, adminEmail);
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      const email = `ada-${randomBytes(4).toString('hex')}@privacy.example.org`;
      // 02134 (Allston, MA) appears nowhere else in this database: first a typo, then the ZIP.
      const contact = await createSandboxContact(app.baseUrl, portal, {
        firstname: 'Ada',
        email,
        zip: '0213',
      });
      await finished(portal, 1);
      await postSandboxForm(app.baseUrl, 'records', portal, {
        type: 'contacts',
        id: contact,
        firstname: 'Ada',
        email,
        zip: '02134',
      });
      await finished(portal, 2);
      await createSandboxContact(app.baseUrl, portal, { firstname: 'Grace', zip: '10001' });
      await finished(portal, 3);
      for (const needle of [email, '0213', '02134', 'Allston'])
        expect({ needle, found: Object.keys(await rowsMentioning(app, needle)).length > 0 }).toEqual({
          needle,
          found: true,
        });

      const credits = async () => ({
        balance: (await app.system.accounts.credits.load(creditsStream(user.userId))).state.balance,
        read: await app.system.readModels
          .selectFrom('credit_balances')
          .select(['balance', 'credits_used', 'failed_attempts'])
          .where('user_id', '=', user.userId)
          .executeTakeFirst(),
        usage: await app.system.readModels
          .selectFrom('admin_user_lookups')
          .select(['successful', 'failed'])
          .where('user_id', '=', user.userId)
          .executeTakeFirst(),
      });
      const history = async () =>
        (
          await call(app.baseUrl, `/api/auth/admin/users/${user.userId}/credit-history`, {
            token: admin.token,
          })
        ).body as CreditHistoryAnswer;
      const before = await credits();
      const historyBefore = await history();
      expect(before.balance).toBe(48);

      const back = await postSandboxForm(app.baseUrl, 'privacy-delete', portal, { id: contact });
      expect(back.searchParams.get('notice')).toBe('privacy-deleted');
      await settle();

      for (const needle of [email, '0213', '02134', 'Allston'])
        expect({ needle, found: await rowsMentioning(app, needle) }).toEqual({ needle, found: {} });
      // Only that contact: the other one's lookup is as it was.
      expect(await rowsMentioning(app, 'New York')).toMatchObject({ written_values: 1 });

      expect(await credits()).toEqual(before);
      const after = await history();
      expect(after.entries.map((e) => [e.at, e.kind, e.change, e.balanceAfter])).toEqual(
        historyBefore.entries.map((e) => [e.at, e.kind, e.change, e.balanceAfter]),
      );
      const charge = after.entries.find((e) => e.kind === 'lookup_charge' && e.cause.zip === undefined);
      expect(charge).toMatchObject({
        description: 'Lookup',
        change: -1,
        cause: { lookupId: expect.any(String) },
      });
      expect(charge!.cause).not.toHaveProperty('portalId');

      const { live, replayed } = await replayBeside(app.system.database.db, app.system.store);
      expect(replayed).toEqual(live);
    });

    it('does not keep the ZIP or values of a lookup of the contact recorded after its deletion, nor look up a ZIP change reported after it', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      const contact = '424242001';
      const credits = app.system.accounts.credits;
      const balance = async () => (await credits.load(creditsStream(user.userId))).state.balance;
      // 99362 (Walla Walla, WA) appears nowhere else in this database.
      const lookup = {
        lookupId: `${portal.portalId}-race-${randomBytes(4).toString('hex')}`,
        source: 'webhook' as const,
        portalId: portal.portalId,
        objectType: 'contact' as const,
        objectId: contact,
        zip: '99362',
        requestedAt: new Date().toISOString(),
      };
      // A wave charged the lookup before HubSpot deleted the contact...
      await credits.handle(creditsStream(user.userId), {
        type: 'ChargeLookup',
        lookup,
        at: new Date().toISOString(),
      });
      const webhooks = app.system.sandboxCrm!.webhooks;
      expect(await webhooks.send([webhooks.privacyDeleted(portal.portalId, contact)])).toBe(200);
      await settle();
      // ...and records its outcome after the deletion was projected; then a ZIP change arrives late.
      await credits.handle(creditsStream(user.userId), {
        type: 'CompleteLookup',
        lookup,
        filled: { city: 'Walla Walla', state: 'WA' },
        before: { city: '', state: '' },
        at: new Date().toISOString(),
      });
      const charged = await balance();
      expect(await webhooks.send([webhooks.zipChanged(portal.portalId, 'contacts', contact, '99362')])).toBe(
        200,
      );
      await settle();

      for (const needle of ['99362', 'Walla Walla'])
        expect({ needle, found: await rowsMentioning(app, needle) }).toEqual({ needle, found: {} });
      expect(await balance()).toBe(charged);
      const requests = await app.system.readModels
        .selectFrom('lookup_requests')
        .select(['status', 'reason'])
        .where('portal_id', '=', portal.portalId)
        .execute();
      expect(requests).toEqual([{ status: 'ignored', reason: 'privacy_deleted' }]);
      const summary = await app.system.readModels
        .selectFrom('admin_lookups')
        .select(['outcome', 'zip'])
        .where('lookup_id', '=', lookup.lookupId)
        .executeTakeFirst();
      expect(summary).toEqual({ outcome: 'success', zip: '' });

      const { live, replayed } = await replayBeside(app.system.database.db, app.system.store);
      expect(replayed).toEqual(live);
    });

    it('answers a redelivered deletion and one for a contact it never saw with 200, forgetting nothing twice', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      const webhooks = app.system.sandboxCrm!.webhooks;
      const event = webhooks.privacyDeleted(portal.portalId, '987654321');
      expect(await webhooks.send([event])).toBe(200);
      expect(await webhooks.send([event])).toBe(200);
      await settle();
      const deletions = await app.system.readModels
        .selectFrom('privacy_deletions')
        .selectAll()
        .where('portal_id', '=', portal.portalId)
        .execute();
      expect(deletions).toEqual([
        expect.objectContaining({ object_type: 'contact', object_id: '987654321' }),
      ]);
    });
  });
}
