import { HUBSPOT_PATHS } from './api-version';
import { CrmCallError, RefreshTokenRefused } from './errors';
import { exchange, messageOf } from './http';

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, as HubSpot said. */
  expiresIn: number;
}

export interface TokenInfo {
  hubId: string;
  hubDomain?: string;
}

export interface OAuthClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

/** The codes with which HubSpot says a refresh token will never work again (see RefreshTokenRefused). */
const REFUSED_REFRESH = new Set(['BAD_REFRESH_TOKEN', 'invalid_grant']);

function refusesRefreshToken(body: unknown): boolean {
  const b = body as { status?: unknown; category?: unknown; error?: unknown } | undefined;
  return [b?.status, b?.category, b?.error].some(
    (code) => typeof code === 'string' && REFUSED_REFRESH.has(code),
  );
}

/** RFC 6749 §5.2's answer for a token the server does not know (already revoked). */
const isInvalidToken = (body: unknown) =>
  ['invalid_grant', 'invalid_token'].includes(String((body as { error?: unknown } | undefined)?.error));

function tokenSet(body: unknown): TokenSet {
  const b = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
  if (
    typeof b?.access_token !== 'string' ||
    typeof b.refresh_token !== 'string' ||
    typeof b.expires_in !== 'number'
  )
    throw new CrmCallError('crm_auth_failed', 'HubSpot answered the token request without tokens');
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresIn: b.expires_in };
}

/**
 * HubSpot's OAuth API (2026-03): every call a form-encoded POST with the client credentials in
 * the body, never in the URL (https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide).
 * Errors follow RFC 6749 (`error`, `error_description`) beside HubSpot's `status` and `message`.
 */
export class HubSpotOAuthClient {
  constructor(private readonly options: OAuthClientOptions) {}

  exchangeCode(code: string, redirectUri: string): Promise<TokenSet> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * Revokes a refresh token (and so the app's access to the portal through it): POST
   * /oauth/2026-03/token/revoke with `token` and `token_type_hint` in the body
   * (https://developers.hubspot.com/docs/api-reference/latest/authentication/oauth-tokens/revoke-token).
   * A token HubSpot no longer knows is already revoked.
   */
  async revoke(refreshToken: string): Promise<void> {
    const response = await this.post(HUBSPOT_PATHS.revoke, {
      token: refreshToken,
      token_type_hint: 'refresh_token',
    });
    if (response.status >= 300 && response.status !== 404 && !isInvalidToken(response.body))
      throw new CrmCallError(
        'crm_update_failed',
        `Revoking the refresh token failed: ${messageOf(response)}`,
      );
  }

  /**
   * Which portal a token belongs to: POST /oauth/2026-03/token/introspect, the token in the body
   * (https://developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/token-introspect);
   * the answer carries `active`, `hub_id`, `hub_domain`, `scopes`, `app_id`, `user`.
   */
  async info(accessToken: string): Promise<TokenInfo> {
    const response = await this.post(HUBSPOT_PATHS.introspect, {
      token: accessToken,
      token_type_hint: 'access_token',
    });
    const b = response.body as { active?: unknown; hub_id?: unknown; hub_domain?: unknown };
    if (
      response.status !== 200 ||
      b?.active !== true ||
      (typeof b.hub_id !== 'number' && typeof b.hub_id !== 'string')
    )
      throw new CrmCallError('crm_auth_failed', `Token introspection failed: ${messageOf(response)}`);
    return {
      hubId: String(b.hub_id),
      ...(typeof b.hub_domain === 'string' ? { hubDomain: b.hub_domain } : {}),
    };
  }

  private post(path: string, fields: Record<string, string>) {
    const form = new URLSearchParams({
      ...fields,
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    return exchange(
      `${this.options.apiBase}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: form.toString(),
      },
      this.options.timeoutMs,
    );
  }

  /** POST /oauth/2026-03/token: read `access_token`, `refresh_token` and `expires_in`. */
  private async token(fields: Record<string, string>): Promise<TokenSet> {
    const response = await this.post(HUBSPOT_PATHS.token, fields);
    if (
      response.status === 400 &&
      fields.grant_type === 'refresh_token' &&
      refusesRefreshToken(response.body)
    )
      throw new RefreshTokenRefused(`HubSpot refused the refresh token: ${messageOf(response)}`);
    if (response.status !== 200) {
      // A 5xx is HubSpot's trouble, not a revoked app; callers may try again later.
      const reason = response.status >= 500 ? 'crm_update_failed' : 'crm_auth_failed';
      throw new CrmCallError(reason, `Token request (${fields.grant_type}) failed: ${messageOf(response)}`);
    }
    return tokenSet(response.body);
  }
}
