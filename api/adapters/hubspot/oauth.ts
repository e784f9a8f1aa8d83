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

/** HubSpot's OAuth token endpoints (form-encoded, as HubSpot documents them). */
export class HubSpotOAuthClient {
  constructor(private readonly options: OAuthClientOptions) {}

  exchangeCode(code: string, redirectUri: string): Promise<TokenSet> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes a refresh token (and so the app's access to the portal through it). */
  async revoke(refreshToken: string): Promise<void> {
    const response = await exchange(
      `${this.options.apiBase}/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`,
      { method: 'DELETE' },
      this.options.timeoutMs,
    );
    if (response.status >= 300 && response.status !== 404)
      throw new CrmCallError(
        'crm_update_failed',
        `Revoking the refresh token failed: ${messageOf(response)}`,
      );
  }

  /** Which portal a token belongs to. */
  async info(accessToken: string): Promise<TokenInfo> {
    const response = await exchange(
      `${this.options.apiBase}/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`,
      { method: 'GET' },
      this.options.timeoutMs,
    );
    const b = response.body as { hub_id?: unknown; hub_domain?: unknown };
    if (response.status !== 200 || (typeof b?.hub_id !== 'number' && typeof b?.hub_id !== 'string'))
      throw new CrmCallError('crm_auth_failed', `Token lookup failed: ${messageOf(response)}`);
    return {
      hubId: String(b.hub_id),
      ...(typeof b.hub_domain === 'string' ? { hubDomain: b.hub_domain } : {}),
    };
  }

  private async token(fields: Record<string, string>): Promise<TokenSet> {
    const form = new URLSearchParams({
      ...fields,
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    const response = await exchange(
      `${this.options.apiBase}/oauth/v1/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: form.toString(),
      },
      this.options.timeoutMs,
    );
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
