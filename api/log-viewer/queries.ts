import { sql, type RawBuilder, type Selectable } from 'kysely';
import { groupStatus, percent } from '../../domain/admin/rules';
import type { OperationalDb } from '../db/operational';
import type { RequestLogsTable } from '../logging/tables';
import { FINAL_LOOKUP_STEPS, type LookupStep } from '../lookups/journal';
import type { LogEntry, LogPage, LogStats, Period } from './contract';
import { PERIODS, type LogFilters } from './filters';

type Row = Selectable<RequestLogsTable>;

export function toEntry(row: Row): LogEntry {
  const stored = typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata;
  const metadata: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  if (row.status_code !== null) metadata.statusCode = row.status_code;
  if (row.response_time_ms !== null) metadata.responseTime = row.response_time_ms;
  if (row.method !== null) metadata.method = row.method;
  if (row.url !== null) metadata.url = row.url;
  return {
    id: String(row.id),
    timestamp: new Date(row.timestamp).toISOString(),
    level: row.level,
    message: row.message,
    userId: row.user_id,
    userEmail: row.user_email,
    requestId: row.request_id,
    sourceFile: row.source_file,
    sourceFunction: row.source_function,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    stackTrace: row.stack_trace,
    metadata,
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: LogFilters): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`TRUE`];
  if (f.lookupOnly) where.push(sql`is_lookup = TRUE`);
  if (f.level) where.push(sql`level = ${f.level}`);
  if (f.startDate) where.push(sql`timestamp >= ${f.startDate}`);
  if (f.endDate) where.push(sql`timestamp <= ${f.endDate}`);
  if (f.userId) where.push(sql`user_id = ${f.userId}`);
  if (f.requestId) where.push(sql`request_id = ${f.requestId}`);
  if (f.sourceFile) where.push(sql`source_file ILIKE ${like(f.sourceFile)}`);
  if (f.search) {
    const pattern = like(f.search);
    where.push(
      sql`(message ILIKE ${pattern} OR user_email ILIKE ${pattern} OR request_id = ${f.search} OR url ILIKE ${pattern})`,
    );
  }
  return sql.join(where, sql` AND `);
}

/** One page of lines, newest first, each on its own. */
export async function listLogs(db: OperationalDb, f: LogFilters): Promise<LogPage> {
  const where = conditions(f);
  const [rows, count] = await Promise.all([
    sql<Row>`SELECT * FROM request_logs WHERE ${where} ORDER BY timestamp DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}`.execute(
      db,
    ),
    sql<{ n: string }>`SELECT count(*) AS n FROM request_logs WHERE ${where}`.execute(db),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  return {
    logs: rows.rows.map(toEntry),
    pagination: { total, hasMore: f.offset + rows.rows.length < total, limit: f.limit, offset: f.offset },
  };
}

/**
 * One page of requests, newest first: each request whose lines match the filters is one entry
 * with all its steps, its duration and its grouped status. A line without a request id is a
 * group of its own.
 */
export async function listRequests(db: OperationalDb, f: LogFilters): Promise<LogPage> {
  const { keys, total, totalCapped } =
    f.search || f.sourceFile ? await groupsFromLines(db, f) : await groupsFromRequests(db, f);
  const requestIds = keys.filter((k) => !k.startsWith('line:'));
  const lineIds = keys.filter((k) => k.startsWith('line:')).map((k) => k.slice('line:'.length));
  const steps =
    keys.length === 0
      ? []
      : (
          await sql<Row>`
          SELECT * FROM request_logs
          WHERE ${requestIds.length ? sql`request_id IN (${sql.join(requestIds)})` : sql`FALSE`}
             OR ${lineIds.length ? sql`(request_id IS NULL AND id IN (${sql.join(lineIds.map((id) => sql`${id}::bigint`))}))` : sql`FALSE`}
          ORDER BY timestamp, id`.execute(db)
        ).rows;
  const byKey = new Map<string, LogEntry[]>();
  for (const row of steps) {
    const key = row.request_id ?? `line:${row.id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), toEntry(row)]);
  }
  return {
    logs: keys.flatMap((key) => {
      const lines = byKey.get(key);
      return lines ? [groupOf(lines)] : [];
    }),
    pagination: {
      total,
      hasMore: f.offset + keys.length < total,
      limit: f.limit,
      offset: f.offset,
      ...(totalCapped ? { totalCapped } : {}),
    },
  };
}

/** Counting stops here: past it the viewer says "100,000+" rather than scan every request. */
export const COUNT_CAP = 100_000;

interface Groups {
  keys: string[];
  total: number;
  totalCapped: boolean;
}

/** Requests from the per-request summaries the writer keeps: no grouping of lines at read time. */
async function groupsFromRequests(db: OperationalDb, f: LogFilters): Promise<Groups> {
  const where: RawBuilder<unknown>[] = [sql`TRUE`];
  if (f.lookupOnly) where.push(sql`is_lookup = TRUE`);
  if (f.level) where.push(sql`${sql.ref(`has_${f.level}`)} = TRUE`);
  if (f.startDate) where.push(sql`last_at >= ${f.startDate}`);
  if (f.endDate) where.push(sql`first_at <= ${f.endDate}`);
  if (f.userId) where.push(sql`user_id = ${f.userId}`);
  if (f.requestId) where.push(sql`request_id = ${f.requestId}`);
  const condition = sql.join(where, sql` AND `);
  const [page, count] = await Promise.all([
    sql<{ key: string }>`
      SELECT request_id AS key FROM request_log_requests WHERE ${condition}
      ORDER BY last_at DESC, request_id LIMIT ${f.limit} OFFSET ${f.offset}`.execute(db),
    sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT 1 FROM request_log_requests WHERE ${condition} LIMIT ${COUNT_CAP + 1}) t`.execute(
      db,
    ),
  ]);
  const counted = Number(count.rows[0]?.n ?? 0);
  return {
    keys: page.rows.map((r) => r.key),
    total: Math.min(counted, COUNT_CAP),
    totalCapped: counted > COUNT_CAP,
  };
}

/** Requests found through their lines, for filters on a line's text or source file. */
async function groupsFromLines(db: OperationalDb, f: LogFilters): Promise<Groups> {
  const where = conditions(f);
  const groupKey = sql`coalesce(request_id, 'line:' || id::text)`;
  const [groups, count] = await Promise.all([
    sql<{ key: string; last_at: Date }>`
      SELECT ${groupKey} AS key, max(timestamp) AS last_at FROM request_logs WHERE ${where}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${f.limit} OFFSET ${f.offset}`.execute(db),
    sql<{ n: string }>`SELECT count(DISTINCT ${groupKey}) AS n FROM request_logs WHERE ${where}`.execute(db),
  ]);
  return { keys: groups.rows.map((g) => g.key), total: Number(count.rows[0]?.n ?? 0), totalCapped: false };
}

/**
 * What a request did, in one sentence: the outcome of its lookup when it asked for one, a count
 * of outcomes when it asked for several, else the answer line's own message.
 */
function summary(lines: readonly LogEntry[], answer: LogEntry): string {
  const outcomes = lines.filter((l) => FINAL_LOOKUP_STEPS.includes(l.metadata.step as LookupStep));
  if (outcomes.length === 0) return answer.message;
  if (outcomes.length === 1) return outcomes[0]!.message;
  const count = (outcome: string) => outcomes.filter((l) => l.metadata.outcome === outcome).length;
  return `${outcomes.length} lookups: ${count('success')} succeeded, ${count('nothing_to_update')} with nothing to update, ${count('failed')} failed, ${count('ignored')} ignored`;
}

/** A request as one entry: its answer line (or its last line) stands for it, with every step inside. */
export function groupOf(lines: LogEntry[]): LogEntry {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const answer = [...lines].reverse().find((l) => l.metadata.statusCode !== undefined) ?? last;
  const status = groupStatus(lines.map((l) => l.level));
  const known = lines.find((l) => l.userId || l.userEmail);
  const withCredits = [...lines].reverse().find((l) => l.metadata.userCreditsAfter !== undefined);
  return {
    ...answer,
    message: summary(lines, answer),
    level: status === 'error' ? 'error' : status === 'warning' ? 'warn' : answer.level,
    timestamp: last.timestamp,
    userId: answer.userId ?? known?.userId ?? null,
    userEmail: answer.userEmail ?? known?.userEmail ?? null,
    metadata: {
      ...answer.metadata,
      ...pick(withCredits?.metadata, ['userCreditsBefore', 'userCreditsAfter']),
    },
    isGrouped: true,
    requestLogs: lines,
    stepCount: lines.length,
    duration: new Date(last.timestamp).getTime() - new Date(first.timestamp).getTime(),
    status,
  };
}

function pick(source: Record<string, unknown> | undefined, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source && source[key] !== undefined) out[key] = source[key];
  return out;
}

/** Every line of one request, in order. */
export async function requestTimeline(db: OperationalDb, requestId: string): Promise<LogEntry[]> {
  const rows = await db
    .selectFrom('request_logs')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('timestamp')
    .orderBy('id')
    .limit(1000)
    .execute();
  return rows.map(toEntry);
}

/** The statistics card: from the hourly counters the writer keeps, plus the top errors of the period. */
export async function logStats(
  db: OperationalDb,
  period: Period,
  now: Date,
  lostLogLines: number,
): Promise<LogStats> {
  const hours = PERIODS[period];
  const since = new Date(now.getTime() - hours * 3_600_000);
  const hourStart = new Date(since);
  hourStart.setUTCMinutes(0, 0, 0);
  const [totals, users, errors] = await Promise.all([
    sql<{
      requests: string;
      failed: string;
      response_ms: string;
      errors: string;
      warnings: string;
      first_hour: Date | null;
      last_hour: Date | null;
    }>`
      SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(failed_requests), 0) AS failed,
             coalesce(sum(response_time_total_ms), 0) AS response_ms, coalesce(sum(error_logs), 0) AS errors,
             coalesce(sum(warning_logs), 0) AS warnings, min(hour) AS first_hour, max(hour) AS last_hour
      FROM request_stats_hourly WHERE hour >= ${hourStart}`.execute(db),
    sql<{ n: string }>`
      SELECT count(DISTINCT user_id) AS n FROM request_users_hourly WHERE hour >= ${hourStart}`.execute(db),
    sql<{ message: string; level: string; count: string; affected_users: string }>`
      SELECT message, level, count(*) AS count, count(DISTINCT user_id) AS affected_users
      FROM request_logs WHERE level IN ('error', 'warn') AND timestamp >= ${since}
      GROUP BY message, level ORDER BY count(*) DESC, message LIMIT 10`.execute(db),
  ]);
  const t = totals.rows[0];
  const total = Number(t?.requests ?? 0);
  const failed = Number(t?.failed ?? 0);
  const span =
    t?.first_hour && t.last_hour
      ? Math.min(hours, (new Date(t.last_hour).getTime() - new Date(t.first_hour).getTime()) / 3_600_000 + 1)
      : 0;
  return {
    requestStats: {
      successful_requests: total - failed,
      failed_requests: failed,
      total_requests: total,
      success_rate: percent(total - failed, total),
      active_users: Number(users.rows[0]?.n ?? 0),
    },
    performanceStats: {
      avg_response_time: total > 0 ? Math.round(Number(t?.response_ms ?? 0) / total) : 0,
      // Half the period covered is enough for an average to mean something.
      has_sufficient_data: total > 0 && span >= hours / 2,
      data_span_hours: span,
      requested_period_hours: hours,
    },
    topErrors: errors.rows.map((e) => ({
      message: e.message,
      level: e.level,
      count: Number(e.count),
      affected_users: Number(e.affected_users),
    })),
    logStats: { error_logs: Number(t?.errors ?? 0), warning_logs: Number(t?.warnings ?? 0) },
    lostLogLines,
    period,
  };
}
