/**
 * Which CRM webhook events are lookup requests. HubSpot sends every subscribed change; only a
 * ZIP someone entered is a lookup. Our own writes come back as changes too and must not trigger
 * another lookup (and another charge).
 */

export type CrmObjectTypeName = 'contact' | 'company';

/** The fields of a HubSpot webhook event this product reads. */
export interface CrmWebhookEvent {
  eventId: number | string;
  portalId: number | string;
  appId?: number | string;
  objectId: number | string;
  subscriptionType: string;
  propertyName?: string;
  propertyValue?: string;
  changeSource?: string;
  sourceId?: string;
  occurredAt?: number;
}

export type WebhookEventVerdict =
  | {
      kind: 'lookup';
      portalId: string;
      eventId: string;
      objectType: CrmObjectTypeName;
      objectId: string;
      propertyName: string;
      zip: string;
      occurredAt: number;
    }
  | { kind: 'privacy_deletion'; portalId: string; eventId: string; objectId: string }
  | { kind: 'skip'; why: 'not_a_zip_change' | 'own_write' | 'zip_cleared' | 'malformed' };

/**
 * A contact permanently deleted for privacy (GDPR delete) in HubSpot: the event carries the usual
 * fields and the contact's id as objectId, no property values or e-mail address
 * (https://developers.hubspot.com/changelog/now-live-webhooks-now-support-privacy-compliant-contact-deletions,
 * https://developers.hubspot.com/docs/api/webhooks). Apps subscribe to it under `hubEvents`; a
 * marketplace listing requires it.
 */
export const PRIVACY_DELETION_SUBSCRIPTION = 'contact.privacyDeletion';

/** The subscription types whose property changes can be ZIP changes, and the object each is about. */
export const ZIP_CHANGE_SUBSCRIPTIONS = {
  'contact.propertyChange': 'contact',
  'company.propertyChange': 'company',
} as const satisfies Readonly<Record<string, CrmObjectTypeName>>;

const OBJECT_TYPES: Readonly<Record<string, CrmObjectTypeName>> = ZIP_CHANGE_SUBSCRIPTIONS;

const ID = /^[0-9]{1,20}$/;
// eslint-disable-next-line no-control-regex -- removing control characters is this pattern's job
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Text as typed into HubSpot, without control characters: no ZIP or property name holds one. */
export const printable = (text: string, max: number) => text.replace(CONTROL, '').slice(0, max);

/** Decides whether one event of a webhook batch asks for a lookup, or to forget a deleted contact. */
export function classifyWebhookEvent(event: CrmWebhookEvent): WebhookEventVerdict {
  const portalId = String(event.portalId ?? '');
  const eventId = String(event.eventId ?? '');
  const objectId = String(event.objectId ?? '');
  if (!ID.test(portalId) || !ID.test(eventId) || !ID.test(objectId))
    return { kind: 'skip', why: 'malformed' };
  if (event.subscriptionType === PRIVACY_DELETION_SUBSCRIPTION)
    return { kind: 'privacy_deletion', portalId, eventId, objectId };
  // Own keys only: a subscriptionType of "constructor" must not find Object's.
  const objectType = Object.hasOwn(OBJECT_TYPES, String(event.subscriptionType))
    ? OBJECT_TYPES[String(event.subscriptionType)]
    : undefined;
  if (!objectType || typeof event.propertyName !== 'string' || event.propertyName === '')
    return { kind: 'skip', why: 'not_a_zip_change' };
  if (event.changeSource === 'INTEGRATION') return { kind: 'skip', why: 'own_write' };
  if (
    event.appId !== undefined &&
    event.sourceId !== undefined &&
    String(event.sourceId) === String(event.appId)
  )
    return { kind: 'skip', why: 'own_write' };
  const zip = typeof event.propertyValue === 'string' ? printable(event.propertyValue, 100) : '';
  if (zip.trim() === '') return { kind: 'skip', why: 'zip_cleared' };
  return {
    kind: 'lookup',
    portalId,
    eventId,
    objectType,
    objectId,
    propertyName: printable(event.propertyName, 100),
    zip,
    occurredAt:
      typeof event.occurredAt === 'number' && Number.isFinite(event.occurredAt) ? event.occurredAt : 0,
  };
}
