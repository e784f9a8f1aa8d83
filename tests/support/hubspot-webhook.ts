import { signV3 } from '../../api/portals/signature';
import type { CrmWebhookEvent } from '../../domain/lookups/webhook-event';

export const TEST_PUBLIC_URL = 'https://zipfill.test';
export const TEST_WEBHOOK_SECRET = 'test-hubspot-client-secret';
export const TEST_APP_ID = 4242;

let nextEventId = Date.now() * 1000;

/** A ZIP entered on a HubSpot record, as its webhook event. */
export function zipChange(
  portalId: string,
  objectId: string | number,
  zip: string,
  overrides: Partial<CrmWebhookEvent> = {},
): CrmWebhookEvent {
  return {
    eventId: nextEventId++,
    subscriptionId: 1,
    portalId: Number(portalId),
    appId: TEST_APP_ID,
    occurredAt: Date.now(),
    subscriptionType: 'contact.propertyChange',
    attemptNumber: 0,
    objectId: Number(objectId),
    propertyName: 'zip',
    propertyValue: zip,
    changeSource: 'CRM_UI',
    sourceId: 'userId:1',
    ...overrides,
  } as CrmWebhookEvent;
}

export interface Delivery {
  status: number;
  body: unknown;
}

/** Posts a batch as HubSpot does: the body signed with v3 over the public URL, method and timestamp. */
export async function deliver(
  baseUrl: string,
  events: readonly CrmWebhookEvent[],
  options: {
    secret?: string;
    /** The PUBLIC_URL the service signs against (default TEST_PUBLIC_URL). */
    publicUrl?: string;
    timestamp?: number;
    tamper?: (body: string) => string;
    headers?: Record<string, string>;
  } = {},
): Promise<Delivery> {
  const body = JSON.stringify(events);
  const timestamp = String(options.timestamp ?? Date.now());
  const path = '/api/hubspot/webhook';
  const signature = signV3(options.secret ?? TEST_WEBHOOK_SECRET, {
    method: 'POST',
    uri: `${options.publicUrl ?? TEST_PUBLIC_URL}${path}`,
    body,
    timestamp,
  });
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hubspot-signature-v3': signature,
      'x-hubspot-request-timestamp': timestamp,
      ...options.headers,
    },
    body: options.tamper ? options.tamper(body) : body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}
