import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { NewEvent } from '../../domain/eventstore/types';
import {
  creditsRefunded,
  isNothingToUpdate,
  lookupSourceOf,
  type LookupFailedData,
  type LookupRef,
} from '../../domain/lookups/events';

/** The steps a lookup's latency is measured over (api/lookups/wave.ts). */
export type LookupStage = 'queued' | 'charge' | 'crm_write' | 'record' | 'end_to_end';

/** What the service measures, as the lookup pipeline, the webhook and the HubSpot client see it. */
export interface LookupMetrics {
  stage(stage: LookupStage, seconds: number): void;
}
export interface WebhookMetrics {
  delivery(result: 'accepted' | 'invalid_signature' | 'invalid_body'): void;
}
export interface HubSpotMetrics {
  response(status: number): void;
}

/** Values read when Prometheus scrapes, not counted as they happen. */
export interface ScrapedValues {
  /** Events in the log after each projection's checkpoint (capped by the reader); undefined while the store is down. */
  projectionLag(): Promise<{ projection: string; events: number | undefined }[]>;
  /** Events each projection stepped over since start because they were not the product's and could not be read. */
  unreadableEvents(): { projection: string; events: number }[];
  /** Lookups waiting in the queue read model. */
  queueDepth(): Promise<number>;
  /** Log lines the request log writer lost, by why. */
  droppedLogLines(): { queueFull: number; databaseError: number };
  /** On PGlite, the seconds its thread has spent running statements; absent on PostgreSQL. */
  databaseBusySeconds?(): number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * One registry per system (tests run several systems in one process). Counters are this
 * process's share; Prometheus sums the fleet. Lookup and credit counters are fed from the events
 * this process stored (api/metrics/observed-store.ts), so each is counted once in the fleet.
 */
export class Metrics implements LookupMetrics, WebhookMetrics, HubSpotMetrics {
  readonly registry = new Registry();
  private readonly lookupRequests = new Counter({
    name: 'zipfill_lookup_requests_total',
    help: 'Lookups requested, by what asked for them',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });
  private readonly lookups = new Counter({
    name: 'zipfill_lookups_total',
    help: 'Lookups that reached their outcome (success, nothing_to_update, failed or ignored, with the reason), by what asked for them (webhook, workflow, backfill)',
    labelNames: ['outcome', 'reason', 'source'] as const,
    registers: [this.registry],
  });
  private readonly lookupSeconds = new Histogram({
    name: 'zipfill_lookup_stage_seconds',
    help: 'Seconds a lookup waits in the queue (queued) and until its outcome is recorded (end_to_end); seconds a wave of lookups takes to charge, write the CRM (crm_write) and record outcomes',
    labelNames: ['stage'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly creditsGranted = new Counter({
    name: 'zipfill_credits_granted_total',
    help: 'Credits added to balances, by why',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });
  private readonly creditsSpent = new Counter({
    name: 'zipfill_credits_spent_total',
    help: 'Credits charged for lookups',
    registers: [this.registry],
  });
  private readonly refunds = new Counter({
    name: 'zipfill_credits_refunded_total',
    help: 'Credits given back for failed lookups',
    registers: [this.registry],
  });
  private readonly webhooks = new Counter({
    name: 'zipfill_webhook_deliveries_total',
    help: 'HubSpot webhook deliveries received, by result',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly hubspotCalls = new Counter({
    name: 'zipfill_hubspot_calls_total',
    help: 'Calls to the HubSpot API, by status class (2xx, 4xx, 5xx)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly hubspot429 = new Counter({
    name: 'zipfill_hubspot_rate_limited_total',
    help: 'HubSpot API calls answered 429 Too Many Requests',
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'zipfill_http_request_duration_seconds',
    help: 'HTTP request latency, by method, route and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor(scraped: ScrapedValues) {
    collectDefaultMetrics({ register: this.registry, prefix: 'zipfill_' });
    new Gauge({
      name: 'zipfill_projection_lag_events',
      help: 'Events in the log a projection has not applied yet (capped at 1000)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { projection, events } of await scraped.projectionLag())
          if (events !== undefined) this.set({ projection }, events);
      },
    });
    new Gauge({
      name: 'zipfill_projection_unreadable_events',
      help: 'Events in the log a projection stepped over since start because it could not read them (another writer)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { projection, events } of scraped.unreadableEvents()) this.set({ projection }, events);
      },
    });
    new Gauge({
      name: 'zipfill_lookup_queue_depth',
      help: 'Lookups requested and not yet taken to an outcome',
      registers: [this.registry],
      async collect() {
        this.set(await scraped.queueDepth());
      },
    });
    const busySeconds = scraped.databaseBusySeconds?.bind(scraped);
    if (busySeconds)
      new Counter({
        name: 'zipfill_pglite_busy_seconds_total',
        help: "Seconds PGlite's thread spent running statements; it runs one at a time, so a rate near 1 means every query waits for it",
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(busySeconds());
        },
      });
    new Gauge({
      name: 'zipfill_log_lines_dropped',
      help: "Log lines this process's request log writer lost since it started, by why",
      labelNames: ['reason'] as const,
      registers: [this.registry],
      collect() {
        const dropped = scraped.droppedLogLines();
        this.set({ reason: 'queue_full' }, dropped.queueFull);
        this.set({ reason: 'database_error' }, dropped.databaseError);
      },
    });
  }

  /** Counts what the stored events say happened (see observed-store.ts). */
  readonly written = (events: readonly NewEvent[]): void => {
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      // Every lookup event carries its source, whichever pipeline (webhook, workflow action,
      // backfill job) recorded it; events from before sources were recorded read as webhook.
      const source = lookupSourceOf(data as Pick<LookupRef, 'source'>);
      switch (event.type) {
        case 'LookupRequested':
          this.lookupRequests.inc({ source });
          break;
        case 'LookupIgnored':
          this.lookups.inc({ outcome: 'ignored', reason: String(data.reason), source });
          break;
        case 'WorkflowActionAnswered': {
          // An execution records no LookupRequested: its kept answer, written once, stands for
          // it; one nobody pays for is ignored there, the others' outcomes are counted below.
          this.lookupRequests.inc({ source: 'workflow' });
          if (data.userId === undefined)
            this.lookups.inc({
              outcome: 'ignored',
              reason: String((data.outputs as { outcome?: unknown } | undefined)?.outcome),
              source: 'workflow',
            });
          break;
        }
        case 'LookupCharged':
          this.creditsSpent.inc(Number(data.credits));
          break;
        case 'LookupSucceeded':
          this.lookups.inc({ outcome: 'success', reason: '', source });
          break;
        case 'LookupFailed':
          // Nothing to update is recorded as a LookupFailed; it is not a failure.
          if (isNothingToUpdate(String(data.reason)))
            this.lookups.inc({ outcome: 'nothing_to_update', reason: '', source });
          else this.lookups.inc({ outcome: 'failed', reason: String(data.reason), source });
          this.refunds.inc(creditsRefunded(data as LookupFailedData));
          break;
        case 'CreditsAdded':
          this.creditsGranted.inc(
            { source: String((data.source as { kind?: unknown } | undefined)?.kind) },
            Number(data.credits),
          );
          break;
      }
    }
  };

  stage(stage: LookupStage, seconds: number): void {
    this.lookupSeconds.observe({ stage }, Math.max(0, seconds));
  }

  delivery(result: 'accepted' | 'invalid_signature' | 'invalid_body'): void {
    this.webhooks.inc({ result });
  }

  response(status: number): void {
    this.hubspotCalls.inc({ status: `${Math.floor(status / 100)}xx` });
    if (status === 429) this.hubspot429.inc();
  }

  /** Times each request under its route's pattern (never its raw path: ids would explode the labels). */
  readonly requests: RequestHandler = (req, res, next) => {
    const end = this.requestSeconds.startTimer();
    res.once('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route =
        typeof pattern === 'string'
          ? `${req.baseUrl}${pattern}`
          : req.path.startsWith('/api/')
            ? 'unmatched'
            : 'web';
      end({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };
}
