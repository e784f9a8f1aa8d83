import { randomInt } from 'node:crypto';
import { signV3 } from '../../portals/signature';

/** One event of a HubSpot app webhook delivery, as HubSpot sends it. */
export interface HubSpotWebhookEvent {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId: number;
  changeSource: string;
  propertyName?: string;
  propertyValue?: string;
}

export interface SandboxWebhookOptions {
  /** The service's public URL; the webhook goes to {publicUrl}/api/hubspot/webhook. */
  publicUrl: string;
  clientSecret: string;
  appId: string;
  /** Where to deliver instead of {publicUrl}/api/hubspot/webhook (tests listen on their own server). */
  url?: string;
  timeoutMs?: number;
}

/** Subscription ids the sandbox app has, one per subscription type (HubSpot numbers them per app). */
const SUBSCRIPTIONS: Record<string, number> = {
  'contact.propertyChange': 2_000_001,
  'company.propertyChange': 2_000_002,
  'contact.privacyDeletion': 2_000_003,
};

/**
 * Delivers webhooks the way HubSpot does: a JSON array of events, signed with signature v3
 * (the client secret over method, URI, body and timestamp).
 */
export class SandboxWebhookSender {
  constructor(private readonly options: SandboxWebhookOptions) {}

  get url(): string {
    return this.options.url ?? `${this.options.publicUrl}/api/hubspot/webhook`;
  }

  /** A ZIP change made by a person in the CRM, as HubSpot reports it. */
  zipChanged(
    portalId: string,
    type: 'contacts' | 'companies',
    objectId: string,
    zip: string,
  ): HubSpotWebhookEvent {
    const subscriptionType = type === 'contacts' ? 'contact.propertyChange' : 'company.propertyChange';
    return {
      eventId: randomInt(1, 2 ** 47),
      subscriptionId: SUBSCRIPTIONS[subscriptionType]!,
      portalId: Number(portalId),
      appId: Number(this.options.appId),
      occurredAt: Date.now(),
      subscriptionType,
      attemptNumber: 0,
      objectId: Number(objectId),
      changeSource: 'CRM_UI',
      propertyName: 'zip',
      propertyValue: zip,
    };
  }

  /**
   * A contact deleted for privacy (GDPR delete in HubSpot). HubSpot's `contact.privacyDeletion`
   * event carries the usual fields and the deleted contact's id as objectId, no property values:
   * https://developers.hubspot.com/changelog/now-live-webhooks-now-support-privacy-compliant-contact-deletions
   * and https://developers.hubspot.com/docs/api/webhooks (a `contact.deletion` comes too, for
   * apps subscribed to it; this app is not).
   */
  privacyDeleted(portalId: string, objectId: string): HubSpotWebhookEvent {
    return {
      eventId: randomInt(1, 2 ** 47),
      subscriptionId: SUBSCRIPTIONS['contact.privacyDeletion']!,
      portalId: Number(portalId),
      appId: Number(this.options.appId),
      occurredAt: Date.now(),
      subscriptionType: 'contact.privacyDeletion',
      attemptNumber: 0,
      objectId: Number(objectId),
      changeSource: 'CRM_UI',
    };
  }

  /** Posts the events signed; answers the status the app gave. */
  async send(events: readonly HubSpotWebhookEvent[]): Promise<number> {
    const body = JSON.stringify(events);
    const timestamp = String(Date.now());
    const signature = signV3(this.options.clientSecret, { method: 'POST', uri: this.url, body, timestamp });
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': signature,
        'x-hubspot-request-timestamp': timestamp,
      },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    await response.arrayBuffer();
    return response.status;
  }
}
