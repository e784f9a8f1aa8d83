/**
 * Lookups offered to built-server processes on PostgreSQL as HubSpot offers them: signed webhook
 * batches through the balancer in front of the fleet, for users who bought credits at the test
 * checkout and connected a sandbox portal. Latency is from sending the webhook to the lookup's
 * outcome being stored (the event's own timestamp); the sandbox CRM the lookups write to is
 * served by the same processes.
 */
import { lookupIdOf } from '../../domain/lookups/events';
import { call, signUp } from '../../tests/support/app';
import {
  deliverToFleet,
  fleetQuery as query,
  sandboxCustomer,
  sandboxWebhookSecret,
  sandboxZipChanges,
  type Fleet,
} from '../../tests/support/fleet';
import { percentile } from './report';
/** Lookups per webhook delivery unless told otherwise: HubSpot sends at most 100 in one. */
const BATCH = 100;

export interface LoadCustomer {
  portalId: string;
  contactIds: string[];
  /** The next contact to enter a ZIP on. */
  next: number;
}

/**
 * Users with a Growth pack each (1,250 credits with the sign-up's) and a sandbox portal holding
 * `contacts` contacts without a ZIP. The contacts are inserted into the sandbox CRM's table in one
 * statement per portal: through its records page they would take minutes, and are not measured.
 */
export async function loadCustomers(fleet: Fleet, users: number, contacts: number): Promise<LoadCustomer[]> {
  const customers: LoadCustomer[] = [];
  for (let u = 0; u < users; u++) {
    const { token } = await signUp(fleet.url);
    const checkout = await call(fleet.url, '/api/auth/create-checkout-session', {
      token,
      body: { packageId: 'growth', paymentType: 'oneTime' },
    });
    const paid = await fetch(`${(checkout.body as { url: string }).url}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`The test checkout answered ${paid.status}`);
    const { portalId } = await sandboxCustomer(fleet.url, token, 0);
    const rows = await query<{ id: string }>(
      fleet.databaseUrl,
      `INSERT INTO sandbox_records (portal_id, object_type, id, properties, last_change_source, created_at, updated_at)
       SELECT $1, 'contacts', id::text, jsonb_build_object('firstname', 'Bench', 'hs_object_id', id::text), 'CRM_UI', now(), now()
         FROM (SELECT nextval('sandbox_record_ids') AS id FROM generate_series(1, $2::int)) ids
       RETURNING id`,
      [portalId, contacts],
    );
    customers.push({ portalId, contactIds: rows.map((r) => r.id), next: 0 });
  }
  return customers;
}

export interface Offered {
  /** When each lookup's webhook was sent (ms since the epoch), by lookup id. */
  sentAt: Map<string, number>;
  /** Deliveries not answered 200. */
  failedDeliveries: number;
  startedAt: number;
}

/** Sends `rate` lookups a second for `seconds`, in deliveries of `batch`, each one portal's, the portals in turn. */
export async function offerLookups(
  fleet: Fleet,
  customers: LoadCustomer[],
  rate: number,
  seconds: number,
  batch = BATCH,
): Promise<Offered> {
  const secret = await sandboxWebhookSecret(fleet.databaseUrl);
  const batches = Math.max(1, Math.round((rate * seconds) / batch));
  const interval = (1000 * batch) / rate;
  const sentAt = new Map<string, number>();
  const started = performance.now();
  const startedAt = Date.now();
  const deliveries: Promise<void>[] = [];
  let failedDeliveries = 0;
  for (let b = 0; b < batches; b++) {
    const wait = started + b * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // The portal with the most contacts left, so successive calls keep every portal in turn.
    const customer = customers.reduce((most, c) => (c.next < most.next ? c : most));
    const ids = customer.contactIds.slice(customer.next, customer.next + batch);
    if (ids.length < batch) throw new Error(`Portal ${customer.portalId} has no contacts left`);
    customer.next += batch;
    const events = sandboxZipChanges(customer.portalId, ids, b);
    const at = Date.now();
    for (const e of events) sentAt.set(lookupIdOf(customer.portalId, String(e.eventId)), at);
    deliveries.push(
      deliverToFleet(fleet, events, secret).then(
        (status) => void (status === 200 || failedDeliveries++),
        () => void failedDeliveries++,
      ),
    );
  }
  // The offer lasts its whole time, so that calls in a row keep the rate rather than send at once.
  const rest = started + batches * interval - performance.now();
  if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  await Promise.all(deliveries);
  return { sentAt, failedDeliveries, startedAt };
}

/** When each lookup sent since `since` ended (ms since the epoch), by lookup id. */
async function outcomes(databaseUrl: string, since: number): Promise<Map<string, number>> {
  const rows = await query<{ id: string; at: number }>(
    databaseUrl,
    `SELECT data->>'lookupId' AS id, (extract(epoch FROM recorded_at) * 1000)::float8 AS at FROM es_events
      WHERE type IN ('LookupSucceeded', 'LookupFailed') AND recorded_at >= to_timestamp($1 / 1000.0)`,
    [since],
  );
  return new Map(rows.map((r) => [r.id, r.at]));
}

export interface Measured {
  /** Each ended lookup's send time and latency (ms), in the order they were sent. */
  samples: { sentAt: number; latencyMs: number }[];
  lookups: number;
  ended: number;
  failedDeliveries: number;
  sustainedPerSec: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
}

/** Waits (up to `timeoutMs`) for every offered lookup's outcome; then the throughput and latency. */
export async function measure(fleet: Fleet, offered: Offered, timeoutMs = 180_000): Promise<Measured> {
  const deadline = Date.now() + timeoutMs;
  let ended = await outcomes(fleet.databaseUrl, offered.startedAt - 1000);
  const mine = () => [...offered.sentAt.keys()].filter((id) => ended.has(id)).length;
  while (mine() < offered.sentAt.size && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    ended = await outcomes(fleet.databaseUrl, offered.startedAt - 1000);
  }
  const samples: Measured['samples'] = [];
  let last = offered.startedAt;
  for (const [id, sent] of offered.sentAt) {
    const at = ended.get(id);
    if (at === undefined) continue;
    samples.push({ sentAt: sent, latencyMs: at - sent });
    last = Math.max(last, at);
  }
  samples.sort((a, b) => a.sentAt - b.sentAt);
  const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  return {
    samples,
    lookups: offered.sentAt.size,
    ended: latencies.length,
    failedDeliveries: offered.failedDeliveries,
    sustainedPerSec: Math.round(samples.length / Math.max((last - offered.startedAt) / 1000, 0.001)),
    p50ms: Math.round(percentile(latencies, 50)),
    p95ms: Math.round(percentile(latencies, 95)),
    p99ms: Math.round(percentile(latencies, 99)),
  };
}
