import type { OperationalDb } from '../../db/operational';
import type { TokenCipher } from '../../portals/secrets';
import { CrmCallError, RefreshTokenRefused } from './errors';
import type { HubSpotOAuthClient, TokenSet } from './oauth';

/** Refresh this long before HubSpot's expiry, so no call goes out with a token about to lapse. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

interface Live {
  accessToken: string;
  expiresAt: number;
}

/**
 * The portals' OAuth tokens: kept encrypted in hubspot_tokens, refreshed by expires_in before
 * they lapse, one refresh at a time per portal across the fleet: in a process, callers share one
 * refresh; across processes, the refresh holds the portal's row locked, and a process that
 * waited for the lock takes the token its predecessor stored instead of refreshing again.
 */
export class HubSpotTokens {
  private readonly live = new Map<string, Live>();
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(
    private readonly db: OperationalDb,
    private readonly cipher: TokenCipher,
    private readonly oauth: HubSpotOAuthClient,
    private readonly now: () => Date = () => new Date(),
    /**
     * Other processes share the table (PostgreSQL): a refresh holds the portal's row locked. On
     * PGlite one connection serves every query, and a transaction held across HubSpot's answer
     * would stall them all, for no other process to keep out.
     */
    private readonly fleet = false,
    /**
     * Told once HubSpot refused a portal's refresh token (uninstalled, access revoked), before the
     * tokens are forgotten: a failure to tell leaves them, so the next refresh tells again.
     */
    private readonly accessRevoked: (portalId: string) => Promise<void> = async () => undefined,
  ) {}

  async save(portalId: string, tokens: TokenSet, db: OperationalDb = this.db): Promise<void> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + tokens.expiresIn * 1000);
    const row = {
      access_token: this.cipher.encrypt(tokens.accessToken),
      refresh_token: this.cipher.encrypt(tokens.refreshToken),
      expires_at: expiresAt,
      updated_at: now,
    };
    await db
      .insertInto('hubspot_tokens')
      .values({ portal_id: portalId, ...row })
      .onConflict((oc) => oc.column('portal_id').doUpdateSet(row))
      .execute();
    this.live.set(portalId, { accessToken: tokens.accessToken, expiresAt: expiresAt.getTime() });
  }

  /**
   * Forgets the portal's tokens and asks HubSpot to revoke the refresh token. Answers whether
   * the revocation went through; the stored tokens are gone either way.
   */
  async delete(portalId: string): Promise<boolean> {
    this.live.delete(portalId);
    const row = await this.db
      .deleteFrom('hubspot_tokens')
      .where('portal_id', '=', portalId)
      .returning('refresh_token')
      .executeTakeFirst();
    if (!row) return true;
    try {
      await this.oauth.revoke(this.cipher.decrypt(row.refresh_token));
      return true;
    } catch {
      return false;
    }
  }

  /** A valid access token for the portal; throws crm_auth_failed when there is none to be had. */
  async accessToken(portalId: string): Promise<string> {
    const cached = this.live.get(portalId);
    if (cached && cached.expiresAt - REFRESH_MARGIN_MS > this.now().getTime()) return cached.accessToken;
    const row = await this.db
      .selectFrom('hubspot_tokens')
      .select(['access_token', 'expires_at'])
      .where('portal_id', '=', portalId)
      .executeTakeFirst();
    if (!row) throw new CrmCallError('crm_auth_failed', 'The portal is not connected (no tokens stored)');
    const expiresAt = new Date(row.expires_at).getTime();
    if (expiresAt - REFRESH_MARGIN_MS > this.now().getTime()) {
      const accessToken = this.cipher.decrypt(row.access_token);
      this.live.set(portalId, { accessToken, expiresAt });
      return accessToken;
    }
    return this.refresh(portalId);
  }

  /**
   * Refreshes now (after HubSpot refused `rejected` with a 401, or the token is about to lapse);
   * concurrent callers share one refresh.
   */
  refresh(portalId: string, rejected?: string): Promise<string> {
    const running = this.refreshing.get(portalId);
    if (running) return running;
    const job = this.doRefresh(portalId, rejected).finally(() => this.refreshing.delete(portalId));
    this.refreshing.set(portalId, job);
    return job;
  }

  private async doRefresh(portalId: string, rejected: string | undefined): Promise<string> {
    this.live.delete(portalId);
    const locked = <T>(work: (db: OperationalDb) => Promise<T>) =>
      this.fleet ? this.db.transaction().execute(work) : work(this.db);
    // A refused refresh token is answered after the transaction commits: thrown inside it, the
    // forgetting of the tokens would roll back with it, and the next call would ask HubSpot again.
    const outcome = await locked(async (trx): Promise<string | RefreshTokenRefused> => {
      const row = await trx
        .selectFrom('hubspot_tokens')
        .select(['access_token', 'refresh_token', 'expires_at'])
        .where('portal_id', '=', portalId)
        .$if(this.fleet, (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) throw new CrmCallError('crm_auth_failed', 'The portal is not connected (no tokens stored)');
      const stored = this.cipher.decrypt(row.access_token);
      const expiresAt = new Date(row.expires_at).getTime();
      if (stored !== rejected && expiresAt - REFRESH_MARGIN_MS > this.now().getTime()) {
        // Another process refreshed while this one waited for the row.
        this.live.set(portalId, { accessToken: stored, expiresAt });
        return stored;
      }
      let fresh: TokenSet;
      try {
        fresh = await this.oauth.refresh(this.cipher.decrypt(row.refresh_token));
      } catch (error) {
        if (!(error instanceof RefreshTokenRefused)) throw error;
        await this.forgetRefused(portalId, row.refresh_token, trx);
        return error;
      }
      await this.save(portalId, fresh, trx);
      return fresh.accessToken;
    });
    if (outcome instanceof RefreshTokenRefused) throw outcome;
    return outcome;
  }

  /**
   * HubSpot will never take this refresh token again: the loss of access is told, then the
   * tokens are forgotten, so every later call fails as crm_auth_failed at once, without asking
   * HubSpot again (no retry storm) until the owner reconnects. Only the row holding the refused
   * token goes: a reconnect that stored new tokens meanwhile keeps them (ciphertexts are unique).
   */
  private async forgetRefused(portalId: string, sealedRefreshToken: string, db: OperationalDb) {
    await this.accessRevoked(portalId);
    await db
      .deleteFrom('hubspot_tokens')
      .where('portal_id', '=', portalId)
      .where('refresh_token', '=', sealedRefreshToken)
      .execute();
    this.live.delete(portalId);
  }
}
