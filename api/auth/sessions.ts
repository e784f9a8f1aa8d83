import type { OperationalDb } from '../db/operational';
import { newToken, tokenDigest } from './tokens';

export type Clock = () => Date;

/** A session unused for this long ends by itself. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy session is not a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionInfo {
  sessionId: string;
  userId: string;
}

/** Bearer-token sessions the server can end: one row per sign-in, keyed by the token's digest. */
export class Sessions {
  constructor(
    private readonly db: OperationalDb,
    private readonly now: Clock,
  ) {}

  /** Starts a session and returns its bearer token; only the token's digest is stored. */
  async create(userId: string): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const id = tokenDigest(token);
    const at = this.now();
    await this.db
      .insertInto('sessions')
      .values({ id, user_id: userId, created_at: at, last_seen_at: at, revoked_at: null })
      .execute();
    return { token, sessionId: id };
  }

  /** The live session a token belongs to, or undefined when it is unknown, ended or idle too long. */
  async verify(token: string): Promise<SessionInfo | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const id = tokenDigest(token);
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'last_seen_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.revoked_at) return undefined;
    const now = this.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (now.getTime() - lastSeen > SESSION_IDLE_MS) return undefined;
    if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    }
    return { sessionId: id, userId: row.user_id };
  }

  /** Whether this session of this user is still on (not ended, not idle too long); touches nothing. */
  async isLive(sessionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'revoked_at'])
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      !!row &&
      !row.revoked_at &&
      this.now().getTime() - new Date(row.last_seen_at).getTime() <= SESSION_IDLE_MS
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user, except `keep` (the one that asked) when given. */
  async revokeAllOf(userId: string, keep?: string): Promise<number> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
