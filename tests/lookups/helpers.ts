import { creditsStream } from '../../domain/credits/decider';
import type { CreditsEvent } from '../../domain/credits/events';
import type { EventStore, RecordedEvent } from '../../domain/eventstore/types';
import type { System } from '../../api/system';
import type { TestCrmClientOptions } from '../support/crm-client';
import { testCrmFactory } from '../support/crm-client';
import { CrmStandIn } from '../support/crm-stand-in';
import { startApp, type RunningApp } from '../support/app';
import { forSuite, type Backend } from '../support/databases';
import { MapPortalDirectory } from '../support/portals';
import { TEST_PUBLIC_URL, TEST_WEBHOOK_SECRET } from '../support/hubspot-webhook';

export interface LookupApp extends RunningApp {
  portals: MapPortalDirectory;
}

/** The whole service with the test portal directory and a CRM client pointed at the stand-in. */
export async function startLookupApp(
  backend: Backend,
  crm: CrmStandIn,
  clientOptions: TestCrmClientOptions = {},
  env: Record<string, string> = {},
): Promise<LookupApp> {
  const portals = new MapPortalDirectory();
  const app = await startApp(
    backend,
    { PUBLIC_URL: TEST_PUBLIC_URL, ALLOW_STAND_INS: 'true', ...env },
    {
      hubspot: {
        portals,
        crm: testCrmFactory(crm.url, clientOptions),
        webhookSecret: async () => TEST_WEBHOOK_SECRET,
      },
    },
  );
  return Object.assign(app, { portals });
}

/**
 * A CRM stand-in and the service pointed at it (as `startLookupApp`), started for the suite that
 * calls it and closed after it; `started` takes both for the suite's own variables.
 */
export function lookupAppForSuite(
  backend: Backend,
  started: (value: { crm: CrmStandIn; app: LookupApp }) => unknown,
  clientOptions: TestCrmClientOptions = {},
  env: Record<string, string> = {},
): void {
  forSuite(async () => {
    const crm = await new CrmStandIn().start();
    const app = await startLookupApp(backend, crm, clientOptions, env).catch(async (error: unknown) => {
      await crm.close();
      throw error;
    });
    return {
      crm,
      app,
      async close() {
        await app.close();
        await crm.close();
      },
    };
  }, started);
}

/** Tops a user's credits up to `total` (they start with the sign-up credits). */
export async function topUp(system: System, userId: string, credits: number): Promise<void> {
  await system.accounts.credits.handle(creditsStream(userId), {
    type: 'AddCredits',
    credits,
    source: { kind: 'admin_adjustment', adminUserId: 'test', note: 'test credits' },
    at: new Date().toISOString(),
  });
}

export async function creditsEvents(store: EventStore, userId: string): Promise<RecordedEvent[]> {
  return store.readStream(creditsStream(userId));
}

export const ofType = <T extends CreditsEvent['type']>(events: readonly RecordedEvent[], type: T) =>
  events.filter((e) => e.type === type).map((e) => e.data as Extract<CreditsEvent, { type: T }>['data']);

const isOutcome = (e: RecordedEvent) => e.type === 'LookupSucceeded' || e.type === 'LookupFailed';

/** Waits until the user's credits stream holds `count` lookup outcomes, then returns the stream. */
export async function waitForOutcomes(
  store: EventStore,
  userId: string,
  count: number,
  timeoutMs = 60_000,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await creditsEvents(store, userId);
    const outcomes = events.filter(isOutcome).length;
    if (outcomes >= count) return events;
    if (Date.now() > deadline) throw new Error(`Only ${outcomes} of ${count} lookups ended in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Folds a credits stream from nothing and checks every prefix: each event's balance follows from
 * the one before, and none is below zero. Returns the final balance.
 */
export function foldBalance(events: readonly RecordedEvent[]): { balance: number; lowest: number } {
  let balance = 0;
  let lowest = 0;
  for (const event of events) {
    const data = event.data as CreditsEvent['data'];
    switch (event.type) {
      case 'CreditsAdded':
        balance += (data as { credits: number }).credits;
        break;
      case 'LookupCharged':
        balance -= 1;
        break;
      case 'LookupFailed':
        if ((data as { refunded: boolean }).refunded) balance += 1;
        break;
    }
    if (balance !== data.balanceAfter)
      throw new Error(`Event ${event.revision} says ${data.balanceAfter} but the fold gives ${balance}`);
    lowest = Math.min(lowest, balance);
  }
  return { balance, lowest };
}
