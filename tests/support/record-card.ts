import { signatureV3Headers } from '../../api/portals/signature';
import { recordCardPath } from '../../api/record-card/routes';
import type { CardObjectType } from '../../api/record-card/contract';
import { TEST_PUBLIC_URL, TEST_WEBHOOK_SECRET } from './hubspot-webhook';

export interface CardCall {
  /** The portal HubSpot signs the call for (its `portalId` query parameter); the path's by default. */
  signedPortal?: string;
  secret?: string;
  timestamp?: number;
  /** Sent without HubSpot's signature headers. */
  unsigned?: boolean;
}

/**
 * Calls one of the card's endpoints as hubspot.fetch does: HubSpot adds the calling portal and
 * user to the URL and signs method, URL, body and timestamp with v3.
 */
export async function callCard(
  baseUrl: string,
  record: { portalId: string; objectType: CardObjectType; objectId: string },
  action: '' | '/fill' | '/choose' | '/undo',
  body: unknown,
  options: CardCall = {},
): Promise<{ status: number; body: unknown }> {
  const query = new URLSearchParams({
    userId: '101',
    userEmail: 'someone@example.com',
    appId: '4242',
    portalId: options.signedPortal ?? record.portalId,
  });
  const path = `${recordCardPath(record.portalId, record.objectType, record.objectId)}${action}?${query}`;
  const method = action === '' ? 'GET' : 'POST';
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = options.unsigned
    ? {}
    : signatureV3Headers(options.secret ?? TEST_WEBHOOK_SECRET, {
        method,
        uri: `${TEST_PUBLIC_URL}${path}`,
        body: text,
        timestamp: String(options.timestamp ?? Date.now()),
      });
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(text ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(text ? { body: text } : {}),
  });
  const answer = await response.text();
  return { status: response.status, body: answer ? (JSON.parse(answer) as unknown) : undefined };
}
