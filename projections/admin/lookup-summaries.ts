import { sql, type RawBuilder } from 'kysely';
import type { ReadModelDb } from '../schema';

export interface LookupSummaryFilters {
  startDate?: Date;
  endDate?: Date;
  userId?: string;
  limit: number;
  offset: number;
}

/** One row per lookup, newest first: when, who, which portal and ZIP, from where, outcome and credits. */
export async function lookupSummaries(db: ReadModelDb, f: LookupSummaryFilters) {
  const where: RawBuilder<unknown>[] = [sql`TRUE`];
  if (f.startDate) where.push(sql`l.at >= ${f.startDate}`);
  if (f.endDate) where.push(sql`l.at <= ${f.endDate}`);
  if (f.userId) where.push(sql`l.user_id = ${f.userId}`);
  const condition = sql.join(where, sql` AND `);
  const [page, count] = await Promise.all([
    sql<{
      lookup_id: string;
      at: Date;
      requested_at: Date;
      user_id: string;
      email: string | null;
      portal_id: string;
      object_type: string;
      zip: string;
      source: string;
      outcome: string;
      reason: string | null;
      credits_before: number;
      credits_after: number;
      duration_ms: number | null;
      request_id: string | null;
    }>`
      SELECT l.*, a.email FROM admin_lookups l LEFT JOIN accounts a ON a.user_id = l.user_id
      WHERE ${condition} ORDER BY l.at DESC, l.lookup_id LIMIT ${f.limit} OFFSET ${f.offset}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM admin_lookups l WHERE ${condition}`.execute(db),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  return {
    summaries: page.rows.map((r) => ({
      lookupId: r.lookup_id,
      at: new Date(r.at).toISOString(),
      requestedAt: new Date(r.requested_at).toISOString(),
      userId: r.user_id,
      userEmail: r.email,
      portalId: r.portal_id,
      objectType: r.object_type,
      zip: r.zip,
      source: r.source,
      outcome: r.outcome,
      reason: r.reason,
      creditsBefore: r.credits_before,
      creditsAfter: r.credits_after,
      durationMs: r.duration_ms,
      requestId: r.request_id,
    })),
    pagination: { total, hasMore: f.offset + page.rows.length < total },
  };
}
