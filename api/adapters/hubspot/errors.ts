/** A HubSpot call that failed for good; `reason` is the lookup failure reason it becomes. */
export class CrmCallError extends Error {
  constructor(
    readonly reason: 'crm_update_failed' | 'crm_auth_failed',
    message: string,
    /** HubSpot's HTTP status when it answered; absent when it did not answer at all. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CrmCallError';
  }
}

/**
 * A refusal that asking again will not change: a 4xx other than 429 (rate limited) and 401 (an
 * expired token, refreshed and asked again before this is thrown).
 */
export const isFinalRefusal = (error: unknown): error is CrmCallError =>
  error instanceof CrmCallError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429 &&
  error.status !== 401;

/**
 * HubSpot refused a refresh token for good: the app was uninstalled from the portal or its access
 * revoked, and only a new consent brings access back. HubSpot answers the token request with a
 * 400 whose body says BAD_REFRESH_TOKEN ("missing or invalid refresh token"); the 2026-03 token
 * endpoints follow OAuth 2.0's `invalid_grant`. Sources: https://www.nango.dev/blog/hubspot-oauth-bad-refresh-token,
 * https://integrate.hubspot.com/t/what-to-do-when-you-suddenly-get-bad-refresh-token-when-trying-to-refresh-an-access-token/5490,
 * RFC 6749 §5.2, and ../shared/research/hubspot-and-stripe.md §1.4 (an uninstall: pause the portal).
 */
export class RefreshTokenRefused extends CrmCallError {
  constructor(message: string) {
    super('crm_auth_failed', message);
    this.name = 'RefreshTokenRefused';
  }
}
