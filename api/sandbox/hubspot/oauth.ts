import type { Express, Request, Response } from 'express';
import { HUBSPOT_PATHS } from '../../adapters/hubspot/api-version';
import type { SandboxCrmStore } from './store';

export interface SandboxOAuthDeps {
  store: SandboxCrmStore;
  clientId: string;
  clientSecret: string;
  appId: string;
}

export const SANDBOX_SCOPES = ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write'];

/**
 * An OAuth error as HubSpot's 2026-03 API answers it: RFC 6749 §5.2's `error` and
 * `error_description`, beside HubSpot's own `status` and `message`
 * (https://developers.hubspot.com/changelog/new-oauth-v3-api-endpoints-and-standardized-error-responses).
 */
function oauthError(
  res: Response,
  status: number,
  error: string,
  hubspotStatus: string,
  description: string,
) {
  res.status(status).json({
    error,
    error_description: description,
    status: hubspotStatus,
    message: description,
    correlationId: crypto.randomUUID(),
  });
}

/**
 * The sandbox's OAuth API on 2026-03: token (exchange and refresh), introspection and revocation,
 * each a form-encoded POST with the client credentials in the body
 * (https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide).
 * Undefined once answered with the error.
 */
export function sandboxOAuthRoutes(app: Express, base: string, deps: SandboxOAuthDeps) {
  const { store } = deps;

  /** The form, once it is form-encoded, carries no credential in the URL and names this app. */
  const clientForm = (req: Request, res: Response) => {
    if (!req.is('application/x-www-form-urlencoded')) {
      oauthError(res, 400, 'invalid_request', 'BAD_REQUEST', 'The body must be form-encoded');
      return undefined;
    }
    if (Object.keys(req.query).length > 0) {
      oauthError(res, 400, 'invalid_request', 'BAD_REQUEST', 'Parameters belong in the body, not the URL');
      return undefined;
    }
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    if (form.client_id !== deps.clientId || form.client_secret !== deps.clientSecret) {
      oauthError(res, 401, 'invalid_client', 'BAD_CLIENT_ID', 'missing or unknown client id or secret');
      return undefined;
    }
    return form;
  };

  app.post(`${base}${HUBSPOT_PATHS.token}`, async (req, res) => {
    const form = clientForm(req, res);
    if (!form) return;
    if (form.grant_type === 'authorization_code') {
      const portalId = form.code ? await store.redeemCode(form.code) : undefined;
      if (!portalId)
        return oauthError(res, 400, 'invalid_grant', 'BAD_AUTH_CODE', 'missing or unknown auth code');
      return res.json(await store.issueTokens(portalId));
    }
    if (form.grant_type === 'refresh_token') {
      const portalId = form.refresh_token ? await store.portalOf(form.refresh_token, 'refresh') : undefined;
      // HubSpot's answer to a revoked or unknown refresh token (an uninstalled app's among them).
      if (!portalId)
        return oauthError(res, 400, 'invalid_grant', 'BAD_REFRESH_TOKEN', 'missing or invalid refresh token');
      return res.json(await store.issueTokens(portalId, form.refresh_token));
    }
    oauthError(
      res,
      400,
      'unsupported_grant_type',
      'BAD_GRANT_TYPE',
      'grant_type must be authorization_code or refresh_token',
    );
  });

  // https://developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/token-introspect:
  // a token that is not active answers only {active: false} (RFC 7662 §2.2).
  app.post(`${base}${HUBSPOT_PATHS.introspect}`, async (req, res) => {
    const form = clientForm(req, res);
    if (!form) return;
    const token = form.token ?? '';
    const kind = form.token_type_hint === 'refresh_token' ? 'refresh' : 'access';
    const portalId = token ? await store.portalOf(token, kind) : undefined;
    const portal = portalId ? await store.portal(portalId) : undefined;
    if (!portal) return res.json({ active: false });
    res.json({
      token_use: kind === 'refresh' ? 'refresh_token' : 'access_token',
      active: true,
      token,
      hub_id: Number(portal.portal_id),
      user_id: 1,
      client_id: deps.clientId,
      app_id: Number(deps.appId),
      scopes: SANDBOX_SCOPES,
      expires_in: kind === 'access' ? ((await store.accessTokenExpiry(token)) ?? 0) : 0,
      is_private_distribution: false,
      token_type: 'bearer',
      user: 'sandbox-user@example.com',
      hub_domain: portal.hub_domain,
    });
  });

  // https://developers.hubspot.com/docs/api-reference/latest/authentication/oauth-tokens/revoke-token:
  // an unknown or already revoked token is not an error (RFC 7009 §2.2).
  app.post(`${base}${HUBSPOT_PATHS.revoke}`, async (req, res) => {
    const form = clientForm(req, res);
    if (!form) return;
    if (form.token) await store.revoke(form.token);
    res.status(200).json({});
  });
}
