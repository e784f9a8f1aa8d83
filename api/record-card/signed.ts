import type { Request } from 'express';
import { forbidden, unauthorized } from '../http/errors';
import { verifyV3 } from '../portals/signature';

/**
 * The card calls ZipFill with `hubspot.fetch`, which carries no headers of the card's own: HubSpot
 * signs each request with the app's client secret, v3 with its timestamp
 * (X-HubSpot-Signature-v3, X-HubSpot-Request-Timestamp), and adds the calling portal and user to
 * the URL as query parameters (`portalId`, `userId`, `userEmail`, `appId`), inside what it signs
 * (https://developers.hubspot.com/docs/apps/developer-platform/add-features/ui-extensibility/fetching-data;
 * the v3 scheme: https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation).
 * So the portal a request speaks for is the signed `portalId`, never one the path alone names.
 */
export const INVALID_CARD_SIGNATURE =
  'This request is not signed by HubSpot: its X-HubSpot-Signature-v3 is missing or wrong, or its X-HubSpot-Request-Timestamp is more than five minutes old. The ZipFill card calls ZipFill through hubspot.fetch only.';

/** Who is calling, as HubSpot's signed query names them. */
export interface CardCaller {
  portalId: string;
  userId: string | undefined;
}

const queryText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Checks a card request's v3 signature and timestamp window over the URL HubSpot called
 * (PUBLIC_URL plus the path and query, never the Host header) and its raw body, then that the
 * signed portal is the one the path names. Throws 401 or 403.
 */
export function verifiedCaller(
  req: Request,
  body: Buffer,
  options: { publicUrl: string; secret: string; nowMs: number; portalId: string },
): CardCaller {
  const verdict = verifyV3(
    options.secret,
    {
      method: req.method,
      uri: `${options.publicUrl}${req.originalUrl}`,
      body,
      timestamp: req.header('x-hubspot-request-timestamp') ?? '',
      signature: req.header('x-hubspot-signature-v3') || undefined,
    },
    options.nowMs,
  );
  if (!verdict.ok) throw unauthorized(INVALID_CARD_SIGNATURE);
  const signedPortal = queryText(req.query.portalId);
  if (!signedPortal)
    throw forbidden('The signed request names no portal (its portalId query parameter is missing).');
  if (signedPortal !== options.portalId)
    throw forbidden(
      `This request is signed for portal ${signedPortal}, not portal ${options.portalId}: a card reads only the records of the portal it sits in.`,
    );
  return { portalId: signedPortal, userId: queryText(req.query.userId) };
}
