import express, { type Express } from 'express';
import { WrongExpectedVersionError, type EventStore } from '../../domain/eventstore/types';
import { lookupIdOf, lookupStream, type LookupRequestEvent } from '../../domain/lookups/events';
import {
  classifyWebhookEvent,
  PRIVACY_DELETION_SUBSCRIPTION,
  ZIP_CHANGE_SUBSCRIPTIONS,
  type CrmObjectTypeName,
  type CrmWebhookEvent,
} from '../../domain/lookups/webhook-event';
import type { HttpModule } from '../http/app';
import { badRequest, unauthorized } from '../http/errors';
import { ZIP_PROPERTY } from '../portals/portal-directory';
import { verifyV3 } from '../portals/signature';
import { recordPrivacyDeletions, type PrivacyDeletion } from '../privacy/deletions';
import { requestedEventId } from './ids';
import type { LookupJournal } from './journal';
import type { WebhookMetrics } from '../metrics/metrics';

export const WEBHOOK_PATH = '/api/hubspot/webhook';

/** One subscription of the HubSpot app: an event type, and for a property change the property followed. */
export interface WebhookSubscription {
  subscriptionType: string;
  propertyName?: string;
}

/**
 * Every webhook subscription the service acts on. The HubSpot app (scripts/hubspot-app) must
 * declare exactly these; tests/hubspot/app-definition.int.test.ts holds the two equal. App
 * subscriptions name one property each (no wildcard), so ZIP changes are followed on the
 * standard ZIP property only.
 */
export const WEBHOOK_SUBSCRIPTIONS: readonly WebhookSubscription[] = [
  ...(Object.entries(ZIP_CHANGE_SUBSCRIPTIONS) as [string, CrmObjectTypeName][]).map(
    ([subscriptionType, objectType]) => ({ subscriptionType, propertyName: ZIP_PROPERTY[objectType] }),
  ),
  { subscriptionType: PRIVACY_DELETION_SUBSCRIPTION },
];

/** HubSpot sends up to 100 events per request; this leaves room without inviting abuse. */
export const MAX_WEBHOOK_EVENTS = 1000;
export const INVALID_SIGNATURE = 'The webhook signature is missing, wrong or too old.';

export interface WebhookDeps {
  store: EventStore;
  /** The service's public URL (PUBLIC_URL); the signed URI is rebuilt from it, never from Host. */
  publicUrl: string;
  /** The HubSpot app's client secret (or the sandbox CRM's). */
  webhookSecret: () => Promise<string>;
  now: () => Date;
  /** Tells each newly recorded lookup as received, in this request's log. */
  journal?: LookupJournal;
  metrics?: WebhookMetrics;
}

export interface WebhookAnswer {
  received: number;
  recorded: number;
  duplicates: number;
  skipped: number;
  /** Contacts deleted for privacy that this delivery recorded (a redelivery records none). */
  forgotten: number;
}

/**
 * HubSpot's webhook: checks the v3 signature, records one LookupRequested per ZIP change on a
 * stream of its own (a redelivery appends nothing) and one ContactPrivacyDeleted per contact
 * deleted for privacy, and answers once that is stored.
 * Processing happens afterwards, in the lookup processor.
 */
export function hubspotWebhookModule(deps: WebhookDeps): HttpModule {
  return {
    raw(app: Express) {
      app.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const verdict = verifyV3(
          await deps.webhookSecret(),
          {
            method: req.method,
            uri: `${deps.publicUrl}${req.originalUrl}`,
            body,
            timestamp: req.header('x-hubspot-request-timestamp') ?? '',
            signature: req.header('x-hubspot-signature-v3'),
          },
          deps.now().getTime(),
        );
        if (!verdict.ok) {
          deps.metrics?.delivery('invalid_signature');
          throw unauthorized(INVALID_SIGNATURE);
        }
        let events: CrmWebhookEvent[];
        try {
          events = parseBatch(body);
        } catch (error) {
          deps.metrics?.delivery('invalid_body');
          throw error;
        }
        const requestedAt = deps.now().toISOString();
        const answer: WebhookAnswer = {
          received: events.length,
          recorded: 0,
          duplicates: 0,
          skipped: 0,
          forgotten: 0,
        };
        const requests: LookupRequested[] = [];
        const deletions: PrivacyDeletion[] = [];
        for (const raw of events) {
          const event = classifyWebhookEvent(raw);
          if (event.kind === 'skip') {
            answer.skipped++;
            continue;
          }
          if (event.kind === 'privacy_deletion') {
            deletions.push(event);
            continue;
          }
          requests.push({
            type: 'LookupRequested',
            data: {
              lookupId: lookupIdOf(event.portalId, event.eventId),
              portalId: event.portalId,
              objectType: event.objectType,
              objectId: event.objectId,
              propertyName: event.propertyName,
              zip: event.zip,
              eventId: event.eventId,
              occurredAt: event.occurredAt,
              requestedAt,
            },
          });
        }
        const recorded = await record(deps.store, requests, req.requestId);
        // After the requests: a ZIP change of the same contact in this batch is forgotten too.
        answer.forgotten = await recordPrivacyDeletions(deps.store, deletions, requestedAt, req.requestId);
        recorded.forEach((isNew, i) => {
          if (!isNew) {
            answer.duplicates++;
            return;
          }
          answer.recorded++;
          deps.journal?.received({ ...requests[i]!.data, requestId: req.requestId });
        });
        deps.metrics?.delivery('accepted');
        res.status(200).json(answer);
      });
    },
    routes() {},
  };
}

function parseBatch(body: Buffer): CrmWebhookEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not JSON.');
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_WEBHOOK_EVENTS)
    throw badRequest(`The webhook body must be a JSON array of at most ${MAX_WEBHOOK_EVENTS} events.`);
  return parsed.filter((e): e is CrmWebhookEvent => typeof e === 'object' && e !== null && !Array.isArray(e));
}

type LookupRequested = Extract<LookupRequestEvent, { type: 'LookupRequested' }>;

/**
 * Records each request in its own lookup stream, all in one write where the store allows; per
 * request, true when this delivery recorded it and false when an earlier delivery already had.
 */
async function record(
  store: EventStore,
  requests: readonly LookupRequested[],
  requestId: string | undefined,
): Promise<boolean[]> {
  const outcomes = await store.appendEach(
    requests.map((event) => {
      const { lookupId } = event.data;
      return {
        stream: lookupStream(lookupId),
        events: [
          {
            id: requestedEventId(lookupId),
            ...event,
            metadata: { correlationId: lookupId, ...(requestId ? { requestId } : {}) },
          },
        ],
        expected: 'no_stream' as const,
      };
    }),
  );
  return outcomes.map((outcome) => {
    if (outcome.ok) return !outcome.result.idempotent;
    // Another delivery of the same HubSpot event recorded it first.
    if (outcome.error instanceof WrongExpectedVersionError) return false;
    throw outcome.error;
  });
}
