import { sql } from 'kysely';
import type { SandboxDb } from '../db';

/**
 * HubSpot's limits for an OAuth app, as the sandbox enforces them: 110 requests per rolling
 * 10 seconds per installing portal, and the search API's 5 requests per second per token.
 * Sources: https://developers.hubspot.com/docs/developer-tooling/platform/usage-guidelines and
 * https://developers.hubspot.com/docs/api-reference/search/guide ("Limitations"), summarised in
 * /work/shared/research/hubspot-and-stripe.md §1.10. HubSpot does not say whether searches also
 * count toward the 110; the sandbox counts them, the stricter reading.
 */
export const SANDBOX_RATE_LIMITS = { perTenSeconds: 110, searchesPerSecond: 5 };

/**
 * The 429 HubSpot answers, body as its usage guidelines show it (quoted in
 * https://community.hubspot.com/t5/APIs-Integrations/Hubspot-User-experience/m-p/511719):
 * `{ status, message, errorType: "RATE_LIMIT", correlationId, policyName, requestId }`.
 */
export interface RateLimitRefusal {
  policyName: 'TEN_SECONDLY_ROLLING' | 'SECONDLY';
  retryAfterSeconds: number;
}

export function refusalBody(refusal: RateLimitRefusal) {
  return {
    status: 'error',
    message: `You have reached your ${refusal.policyName.toLowerCase()} limit.`,
    errorType: 'RATE_LIMIT',
    correlationId: crypto.randomUUID(),
    policyName: refusal.policyName,
    requestId: crypto.randomUUID(),
  };
}

/** What a portal's API received: every request, refused ones included, and its busiest moments. */
export interface SandboxApiUsage {
  requests: number;
  refused: number;
  /** The most requests received in any 10 seconds (refused ones too). */
  mostIn10s: number;
  /** The most searches one token sent in any second (refused ones too). */
  mostSearchesIn1s: number;
}

const TEN_SECONDS = 10_000;
const ONE_SECOND = 1_000;

/**
 * Counts the calls each portal's API receives, in the operational database so that every
 * process serving the sandbox counts the same calls. Each call is decided under a transaction
 * lock on its portal: two processes cannot both admit the 110th. The clock is the wall clock,
 * not the app's (tests stop the app's clock; HubSpot's limits run in real time).
 */
export class SandboxRateLimits {
  constructor(
    private readonly db: SandboxDb,
    private readonly limits = SANDBOX_RATE_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Records the call and answers the refusal when it is over a limit; undefined when admitted. */
  async admit(portalId: string, tokenHash: string, search: boolean): Promise<RateLimitRefusal | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-api:${portalId}`}))`.execute(trx);
      const now = this.clock();
      await trx
        .deleteFrom('sandbox_api_calls')
        .where('portal_id', '=', portalId)
        .where('at_ms', '<=', now - TEN_SECONDS)
        .execute();
      const recent = (
        await trx
          .selectFrom('sandbox_api_calls')
          .select(['token_hash', 'search', 'at_ms', 'refused'])
          .where('portal_id', '=', portalId)
          .execute()
      ).map((r) => ({ ...r, at: Number(r.at_ms) }));
      const admitted = recent.filter((r) => !r.refused);
      const searchesThisSecond = (calls: typeof recent) =>
        calls.filter((r) => r.search && r.token_hash === tokenHash && r.at > now - ONE_SECOND);

      let refusal: RateLimitRefusal | undefined;
      if (admitted.length >= this.limits.perTenSeconds) {
        const oldest = Math.min(...admitted.map((r) => r.at));
        refusal = {
          policyName: 'TEN_SECONDLY_ROLLING',
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + TEN_SECONDS - now) / 1000)),
        };
      } else if (search && searchesThisSecond(admitted).length >= this.limits.searchesPerSecond) {
        refusal = { policyName: 'SECONDLY', retryAfterSeconds: 1 };
      }

      await trx
        .insertInto('sandbox_api_calls')
        .values({ portal_id: portalId, token_hash: tokenHash, search, at_ms: now, refused: !!refusal })
        .execute();
      const usage = {
        requests: 1,
        refused: refusal ? 1 : 0,
        most_in_10s: recent.length + 1,
        most_searches_in_1s: search ? searchesThisSecond(recent).length + 1 : 0,
      };
      await trx
        .insertInto('sandbox_api_usage')
        .values({ portal_id: portalId, ...usage })
        .onConflict((oc) =>
          oc.column('portal_id').doUpdateSet({
            requests: sql`sandbox_api_usage.requests + 1`,
            refused: sql`sandbox_api_usage.refused + ${usage.refused}`,
            most_in_10s: sql`greatest(sandbox_api_usage.most_in_10s, ${usage.most_in_10s})`,
            most_searches_in_1s: sql`greatest(sandbox_api_usage.most_searches_in_1s, ${usage.most_searches_in_1s})`,
          }),
        )
        .execute();
      return refusal;
    });
  }

  async usage(portalId: string): Promise<SandboxApiUsage> {
    const row = await this.db
      .selectFrom('sandbox_api_usage')
      .selectAll()
      .where('portal_id', '=', portalId)
      .executeTakeFirst();
    return {
      requests: row?.requests ?? 0,
      refused: row?.refused ?? 0,
      mostIn10s: row?.most_in_10s ?? 0,
      mostSearchesIn1s: row?.most_searches_in_1s ?? 0,
    };
  }
}
