import { randomUUID } from 'node:crypto';
import { seededRandom } from '../../api/seeded-random';
import { accountStream } from '../../domain/accounts/decider';
import { creditsDecider, creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import type { CreditsEvent } from '../../domain/credits/events';
import type { LookupFailureReason, LookupRef } from '../../domain/lookups/events';
import type { NewEvent, StreamAppend } from '../../domain/eventstore/types';
import { WRITE_MODES, type WriteMode } from '../../domain/portals/config';
import type { LogLine } from '../../api/logging/logger';

/** A small seeded generator, so the same options give the same history. */
export function rng(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

const DAY = 86_400_000;
/** Business hours (US time, seen in UTC) carry most of the traffic. */
const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 6, 8, 9, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
/** Realistic failure mix; the rest succeed. Failure rates also rise at night (batch imports). */
const FAILURES: [LookupFailureReason, number][] = [
  ['zip_not_found', 0.04],
  ['invalid_zip_format', 0.035],
  ['crm_update_failed', 0.015],
  ['portal_not_configured', 0.01],
  ['crm_auth_failed', 0.005],
  ['crm_record_not_found', 0.005],
];
const ZIPS = ['10001', '94105', '60601', '73301', '02108', '98101', '33101', '30301', '80202', '85001'];
const PACKS: [string, number, number][] = [
  ['starter', 300, 5000],
  ['growth', 1200, 15000],
  ['scale', 4000, 30000],
];

function hourOfDay(r: Rng): number {
  let x = r.next() * HOUR_TOTAL;
  for (let h = 0; h < 24; h++) {
    x -= HOUR_WEIGHTS[h]!;
    if (x < 0) return h;
  }
  return 23;
}

/**
 * A piece of one user's history: an append to one stream (its parts come in order, each expecting
 * the revision the one before left), and the request log lines that go with it.
 */
export interface HistoryPart extends StreamAppend {
  logLines: LogLine[];
  /** The lookups this part's events record. */
  lookups: number;
}

export interface UserPlan {
  /** The demo's seed: with the index, it gives this user's history. */
  seed: number;
  index: number;
  lookups: number;
  now: number;
  /** How far back sign-ups go. */
  historyDays: number;
  logLinesPerLookup: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One user's whole history, decided by the credits decider command by command so every balance
 * is what the service itself would have recorded. It comes in parts of at most `partSize` credits
 * events: the busiest user of 20 million lookups has about 600,000 of them, which held whole took
 * more than 4 GB. Each user draws from a generator of their own, so the history is the same
 * whichever order users are generated in.
 */
export function* userHistory(plan: UserPlan, partSize: number): Generator<HistoryPart> {
  const r = rng((plan.seed ^ Math.imul(plan.index + 1, 0x9e3779b1)) >>> 0);
  const userId = randomUUID();
  const partner = r.chance(0.15) ? r.pick(['partner-a', 'partner-b']) : null;
  const registeredAt = plan.now - r.int(1, plan.historyDays) * DAY + r.int(0, DAY - 1);
  const email = `demo${plan.index}-${userId.slice(0, 6)}@example.com`;
  const account: NewEvent[] = [
    {
      id: randomUUID(),
      type: 'AccountRegistered',
      data: { userId, email, passwordHash: 'seeded:no-login', partner, registeredAt: iso(registeredAt) },
      metadata: { userId },
    },
  ];
  if (r.chance(0.25))
    account.push({
      id: randomUUID(),
      type: 'CreditThresholdSet',
      data: { threshold: r.pick([10, 50, 100, 500]), at: iso(registeredAt + 60_000) },
      metadata: { userId },
    });

  yield { stream: accountStream(userId), events: account, expected: 'no_stream', logLines: [], lookups: 0 };

  let state = creditsDecider.initialState();
  let credits: NewEvent[] = [];
  let logLines: LogLine[] = [];
  let lookupsInPart = 0;
  let creditsAppended = 0;
  const creditsPart = (): HistoryPart => {
    const part: HistoryPart = {
      stream: creditsStream(userId),
      events: credits,
      expected: creditsAppended === 0 ? 'no_stream' : BigInt(creditsAppended - 1),
      logLines,
      lookups: lookupsInPart,
    };
    creditsAppended += credits.length;
    credits = [];
    logLines = [];
    lookupsInPart = 0;
    return part;
  };
  const decide = (command: CreditsCommand, metadata: Record<string, unknown> = {}) => {
    const events = creditsDecider.decide(command, state) as CreditsEvent[];
    for (const e of events) {
      state = creditsDecider.evolve(state, e);
      credits.push({ id: randomUUID(), type: e.type, data: e.data, metadata: { userId, ...metadata } });
    }
    return events;
  };
  decide({ type: 'AddCredits', credits: 50, source: { kind: 'signup' }, at: iso(registeredAt) });
  if (partner)
    decide({
      type: 'AddCredits',
      credits: 250,
      source: { kind: 'partner_bonus', partner },
      at: iso(registeredAt),
    });

  const portalCount = plan.lookups > 0 ? r.int(1, 2) : r.chance(0.3) ? 1 : 0;
  // Portal ids are unique per user index: a collision would merge two customers' portals.
  const portals = Array.from({ length: portalCount }, (_, k) => String(10_000_000 + plan.index * 4 + k));
  const portalStreams = portals.map((portalId) => {
    const at = iso(registeredAt + r.int(60_000, DAY));
    const configured = r.next();
    const field = (p: number, name: string) => (r.chance(p) ? name : '');
    const contactModes = (mode: WriteMode) => ({
      city: mode,
      state: mode,
      county: mode,
      country: mode,
      timezone: mode,
    });
    const events: NewEvent[] = [
      { id: randomUUID(), type: 'PortalConnected', data: { portalId, userId, at } },
    ];
    if (configured > 0.15)
      events.push({
        id: randomUUID(),
        type: 'PortalConfigSaved',
        data: {
          portalId,
          config: {
            contact: {
              city: field(0.9, 'city'),
              state: field(0.9, 'state'),
              county: field(0.5, 'county'),
              country: field(0.6, 'country'),
              updateTimezone: r.chance(0.5),
              // One draw, where the one "only fill empty" switch took it: the sequence stays.
              modes: contactModes(r.pick(WRITE_MODES)),
            },
            company: {
              city: field(0.5, 'city'),
              state: field(0.5, 'state'),
              county: '',
              country: field(0.3, 'country'),
              modes: {
                city: 'keep_entered',
                state: 'keep_entered',
                county: 'keep_entered',
                country: 'keep_entered',
              },
            },
          },
        },
      });
    return { name: `portal-${portalId}`, events };
  });

  const subscriber = r.chance(0.1);
  const span = Math.max(DAY, plan.now - registeredAt - 3_600_000);
  const times = Array.from({ length: plan.lookups }, () => {
    const day = registeredAt + Math.floor(r.next() * span);
    const start = day - (day % DAY);
    return Math.min(
      plan.now - 1000,
      Math.max(registeredAt + 1000, start + hourOfDay(r) * 3_600_000 + r.int(0, 3_599_999)),
    );
  }).sort((a, b) => a - b);
  let nextPeriod = registeredAt + 2 * DAY;
  let purchases = 0;
  for (const [i, at] of times.entries()) {
    while (subscriber && nextPeriod <= at) {
      decide({
        type: 'AddCredits',
        credits: 1200,
        source: {
          kind: 'subscription_period',
          invoiceId: `in_${userId.slice(0, 8)}_${nextPeriod}`,
          subscriptionId: `sub_${userId.slice(0, 8)}`,
          amountCents: 12000,
        },
        at: iso(nextPeriod),
      });
      nextPeriod += 30 * DAY;
    }
    if (state.balance < 5 && !subscriber && r.chance(0.7)) {
      const [packageId, amount, cents] = r.pick(PACKS);
      decide({
        type: 'AddCredits',
        credits: amount,
        source: {
          kind: 'pack_purchase',
          checkoutSessionId: `cs_${userId.slice(0, 8)}_${++purchases}`,
          packageId,
          amountCents: cents,
        },
        at: iso(at - 60_000),
      });
    }
    const portalId = portals[i % portals.length] ?? 'unknown';
    const requestId = randomUUID();
    const night = new Date(at).getUTCHours() < 8;
    let x = r.next() / (night ? 2 : 1);
    let reason: LookupFailureReason | undefined;
    for (const [name, p] of FAILURES) {
      if (x < p) {
        reason = name;
        break;
      }
      x -= p;
    }
    const lookup: LookupRef = {
      lookupId: randomUUID(),
      portalId,
      objectType: r.chance(0.7) ? 'contact' : 'company',
      objectId: String(r.int(1, 9_999_999)),
      zip: reason === 'invalid_zip_format' ? '1234-5' : r.pick(ZIPS),
      requestedAt: iso(at),
    };
    const before = state.balance;
    const done = at + r.int(300, 3000);
    const meta = { requestId };
    const charged =
      reason === 'invalid_zip_format' ? [] : decide({ type: 'ChargeLookup', lookup, at: iso(at + 50) }, meta);
    const refused = charged.some((e) => e.type === 'LookupFailed');
    if (!refused) {
      if (reason)
        decide(
          { type: 'FailLookup', lookup, reason, detail: reason.replace(/_/g, ' '), at: iso(done) },
          meta,
        );
      else
        decide(
          {
            type: 'CompleteLookup',
            lookup,
            filled: { city: 'Demo City', state: 'NY' },
            before: { city: '', state: '' },
            at: iso(done),
          },
          meta,
        );
    }
    const outcome = refused ? 'insufficient_credits' : reason;
    const lines: LogLine[] = [
      {
        time: iso(at),
        level: 'info',
        message: 'POST /api/hubspot/webhook 200',
        requestId,
        lookup: true,
        sourceFile: 'api/lookups/webhook.ts',
        sourceFunction: 'POST /api/hubspot/webhook',
        statusCode: 200,
        responseTime: r.int(5, 60),
        method: 'POST',
        url: '/api/hubspot/webhook',
        ipAddress: '54.174.0.10',
        userAgent: 'HubSpot Connect 2.0',
      },
      {
        time: iso(done),
        level: outcome
          ? outcome === 'crm_update_failed' || outcome === 'crm_auth_failed'
            ? 'error'
            : 'warn'
          : 'info',
        message: outcome ? `Lookup failed: ${outcome}` : `Filled ${lookup.objectType} from ZIP ${lookup.zip}`,
        requestId,
        lookup: true,
        userId,
        userEmail: email,
        sourceFile: 'api/lookups/processor.ts',
        sourceFunction: 'processLookup',
        userCreditsBefore: before,
        userCreditsAfter: state.balance,
        lookupId: lookup.lookupId,
        portalId,
      },
      {
        time: iso(at + 40),
        level: 'info',
        message: `Lookup requested for portal ${portalId}`,
        requestId,
        lookup: true,
        userId,
        userEmail: email,
        sourceFile: 'api/lookups/processor.ts',
        sourceFunction: 'takeRequest',
      },
    ];
    const keep = Math.floor(plan.logLinesPerLookup) + (r.chance(plan.logLinesPerLookup % 1) ? 1 : 0);
    logLines.push(...lines.slice(0, Math.min(3, keep)));
    lookupsInPart++;
    if (credits.length >= partSize) yield creditsPart();
  }
  if (credits.length > 0) yield creditsPart();
  for (const portal of portalStreams)
    yield { stream: portal.name, events: portal.events, expected: 'no_stream', logLines: [], lookups: 0 };
}

/** How many lookups each user makes: a long tail, a third never looks anything up. */
export function lookupsPerUser(r: Rng, users: number, lookups: number): number[] {
  if (users === 0) return [];
  const weights = Array.from({ length: users }, (_, i) => (r.chance(0.3) ? 0 : 1 / Math.pow(i + 1, 0.8)));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const counts = weights.map((w) => Math.floor((w / total) * lookups));
  let rest = lookups - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % users) {
    if (weights[i]! > 0 || total === 1) {
      counts[i]!++;
      rest--;
    }
  }
  return counts;
}
