import { accountStream } from '../../domain/accounts/decider';
import { creditsStream } from '../../domain/credits/decider';
import type { CreditSource } from '../../domain/credits/events';
import type { LookupFailureReason, LookupRef } from '../../domain/lookups/events';
import type { System } from '../../api/system';
import type { DashboardAnswer } from '../../api/admin/contract';
import { call, signUp, type RunningApp } from '../support/app';

/** Builds a user's history through the command handlers, at the times the test names. */
export function historyOf(system: System) {
  const { accounts, credits } = system.accounts;
  let lookupSeq = 0;
  return {
    async register(userId: string, email: string, at: string, partner: string | null = null) {
      await accounts.handle(accountStream(userId), {
        type: 'RegisterAccount',
        userId,
        email,
        passwordHash: 'not-used',
        partner,
        at,
      });
      await credits.handle(creditsStream(userId), {
        type: 'AddCredits',
        credits: 50,
        source: { kind: 'signup' },
        at,
      });
      if (partner)
        await credits.handle(creditsStream(userId), {
          type: 'AddCredits',
          credits: 250,
          source: { kind: 'partner_bonus', partner },
          at,
        });
    },
    async threshold(userId: string, threshold: number, at: string) {
      await accounts.handle(accountStream(userId), { type: 'SetCreditThreshold', threshold, at });
    },
    async add(userId: string, amount: number, source: CreditSource, at: string) {
      await credits.handle(creditsStream(userId), { type: 'AddCredits', credits: amount, source, at });
    },
    /** A lookup taking 2 seconds: charged, then completed or failed (and refunded) at `at`. */
    async lookup(
      userId: string,
      portalId: string,
      at: string,
      outcome: { fail?: LookupFailureReason; charge?: boolean } = {},
      requestId?: string,
    ) {
      const lookup: LookupRef = {
        lookupId: `lookup-${userId}-${++lookupSeq}`,
        portalId,
        objectType: 'contact',
        objectId: String(lookupSeq),
        zip: outcome.fail === 'invalid_zip_format' ? '1234' : '10001',
        requestedAt: new Date(Date.parse(at) - 2000).toISOString(),
      };
      const context = { metadata: { userId, ...(requestId ? { requestId } : {}) } };
      const stream = creditsStream(userId);
      if (outcome.charge !== false)
        await credits.handle(stream, { type: 'ChargeLookup', lookup, at: lookup.requestedAt }, context);
      if (outcome.fail)
        await credits.handle(
          stream,
          { type: 'FailLookup', lookup, reason: outcome.fail, detail: outcome.fail, at },
          context,
        );
      else
        await credits.handle(
          stream,
          { type: 'CompleteLookup', lookup, filled: { city: 'New York' }, before: { city: '' }, at },
          context,
        );
      return lookup.lookupId;
    },
    async portal(
      portalId: string,
      userId: string,
      at: string,
      config?: { contact: Record<string, string>; company: Record<string, string> },
      disconnectAt?: string,
    ) {
      const stream = `portal-${portalId}`;
      const events = [
        { id: crypto.randomUUID(), type: 'PortalConnected', data: { portalId, userId, at } },
        ...(config
          ? [{ id: crypto.randomUUID(), type: 'PortalConfigSaved', data: { portalId, config, at } }]
          : []),
        ...(disconnectAt
          ? [
              {
                id: crypto.randomUUID(),
                type: 'PortalDisconnected',
                data: { portalId, userId, at: disconnectAt },
              },
            ]
          : []),
      ];
      await system.store.append(stream, events, { expected: 'no_stream' });
    },
  };
}

/** The consolidated dashboard as an admin who signs up now sees it, once every read model caught up. */
export async function dashboardOfNewAdmin(app: RunningApp, adminEmail: string): Promise<DashboardAnswer> {
  const { token } = await signUp(app.baseUrl, adminEmail);
  await app.system.runner.settled();
  const res = await call(app.baseUrl, '/api/auth/admin/dashboard-consolidated', { token });
  if (res.status !== 200) throw new Error(`the dashboard answered ${res.status}`);
  return res.body as DashboardAnswer;
}
