import { sql, type Insertable, type Transaction } from 'kysely';
import { jsonRows } from '../../projections/json-rows';
import { SingletonWorker, type Locks } from '../../projections/worker';
import { sideBySide } from '../../projections/side-by-side';
import type { OperationalDb, OperationalTables } from '../db/operational';
import type { RequestLogRequestsTable, RequestLogsTable } from './tables';
import type { Logger, LogLine } from './logger';

export type RequestLogRow = Insertable<RequestLogsTable>;

export interface RequestLogWriterOptions {
  /** Lines waiting for the database; beyond this a line is dropped and counted, never queued. */
  capacity?: number;
  batchSize?: number;
  flushEveryMs?: number;
  retentionDays?: number;
  purgeEveryMs?: number;
  now?: () => Date;
  /** Where the writer reports its own trouble: stdout only, never back into the table. */
  report?: Logger;
  /** Runs in each batch's transaction once its lines are in (`ids`), e.g. to forget some of them. */
  afterWrite?: (trx: Transaction<OperationalTables>, ids: readonly string[]) => Promise<void>;
}

export interface RequestLogWriterStats {
  written: number;
  queued: number;
  /** Lines lost because the queue was full (the database is slower than the traffic). */
  droppedQueueFull: number;
  /** Lines lost because the database refused or failed a batch. */
  droppedDatabaseError: number;
  lost: number;
  lastError: string | null;
  purged: number;
}

const KNOWN = new Set([
  'time',
  'level',
  'message',
  'requestId',
  'userId',
  'userEmail',
  'sourceFile',
  'sourceFunction',
  'ipAddress',
  'userAgent',
  'stackTrace',
  'stack',
  'lookup',
]);

const LEVELS = new Set(['error', 'warn', 'info', 'debug']);

/**
 * A text column's value cut to `max` code units: a cut through a surrogate pair, or a lone one in
 * the text, becomes U+FFFD, which the batch's JSON can carry (PostgreSQL refuses a lone surrogate
 * where it reads JSON into a column, and would refuse the whole batch).
 */
const cut = (value: string, max: number) => value.slice(0, max).toWellFormed();
const text = (value: unknown, max: number) =>
  typeof value === 'string' && value !== '' ? cut(value, max) : null;
const int = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null;

/** A structured log line as a row of request_logs; fields it has no column for go to metadata. */
export function toRow(line: LogLine): RequestLogRow {
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) if (!KNOWN.has(key)) metadata[key] = value;
  const url = text(line.url, 2000);
  return {
    timestamp: line.time,
    level: LEVELS.has(line.level) ? line.level : 'info',
    message: cut(String(line.message), 2000),
    user_id: text(line.userId, 100),
    user_email: text(line.userEmail, 320),
    request_id: text(line.requestId, 100),
    source_file: text(line.sourceFile, 300),
    source_function: text(line.sourceFunction, 300),
    ip_address: text(line.ipAddress, 100),
    user_agent: text(line.userAgent, 500),
    stack_trace: text(line.stackTrace ?? line.stack, 8000),
    is_lookup: line.lookup === true || (url !== null && url.startsWith('/api/hubspot/webhook')),
    status_code: int(line.statusCode),
    response_time_ms: int(line.responseTime),
    method: text(line.method, 10),
    url,
    metadata: JSON.stringify(metadata),
  };
}

const LINE_COLUMNS = [
  'timestamp',
  'level',
  'message',
  'user_id',
  'user_email',
  'request_id',
  'source_file',
  'source_function',
  'ip_address',
  'user_agent',
  'stack_trace',
  'is_lookup',
  'status_code',
  'response_time_ms',
  'method',
  'url',
] as const satisfies readonly (keyof RequestLogRow)[];

/**
 * A line as an element of the batch's JSON, its metadata (already JSON, made when the line was
 * queued) as it is. The row's keys are LINE_COLUMNS with metadata last, as toRow makes them.
 */
function lineJson({ metadata, ...columns }: RequestLogRow): string {
  return `${JSON.stringify(columns).slice(0, -1)},"metadata":${metadata}}`;
}

/** Inserts a batch of lines as one JSON parameter and answers their ids in the batch's order. */
async function insertLines(trx: Transaction<OperationalTables>, batch: readonly RequestLogRow[]) {
  const columns = [...LINE_COLUMNS, 'metadata'];
  const { rows } = await sql<{ id: string }>`
    INSERT INTO request_logs (${sql.join(columns.map((c) => sql.ref(c)))})
    ${jsonRows('request_logs', columns, `[${batch.map(lineJson).join(',')}]`)}
    RETURNING id::text AS id`.execute(trx);
  return rows.map((r) => r.id);
}

/**
 * Writes log lines to request_logs in batches, off the request path. The queue is bounded: when
 * the database is slow or down, requests go on at full speed and the lines that cannot be kept
 * are counted as lost (shown in /api/health and the log stats), never silently.
 */
export class RequestLogWriter {
  private queue: RequestLogRow[] = [];
  private readonly capacity: number;
  private readonly batchSize: number;
  private readonly flushEveryMs: number;
  private readonly counts: RequestLogWriterStats = {
    written: 0,
    queued: 0,
    droppedQueueFull: 0,
    droppedDatabaseError: 0,
    lost: 0,
    lastError: null,
    purged: 0,
  };
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private purger: SingletonWorker | undefined;
  private failing = false;

  constructor(
    private readonly db: OperationalDb,
    private readonly options: RequestLogWriterOptions = {},
  ) {
    this.capacity = options.capacity ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
    this.flushEveryMs = options.flushEveryMs ?? 250;
  }

  /** The sink given to the logger: never waits, never throws. */
  readonly sink = (line: LogLine): void => {
    if (this.queue.length >= this.capacity) {
      this.counts.droppedQueueFull++;
      return;
    }
    this.queue.push(toRow(line));
    if (this.queue.length >= this.batchSize) void this.flush();
  };

  /** Flushes on a timer; purges at once and then every `purgeEveryMs`, in one process of the fleet. */
  start(locks: Locks): void {
    this.timer = setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
    const report = this.options.report;
    this.purger = new SingletonWorker({
      lock: 'log-purge',
      locks,
      label: 'The request log purge',
      log: report && ((level, message, fields) => report[level](message, fields)),
      step: async () => {
        await this.purge();
        return this.options.purgeEveryMs ?? 60 * 60 * 1000;
      },
    });
    this.purger.start();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.purger?.stop();
    await this.flush();
    if (this.queue.length > 0) await this.flush();
  }

  stats(): RequestLogWriterStats {
    return {
      ...this.counts,
      queued: this.queue.length,
      lost: this.counts.droppedQueueFull + this.counts.droppedDatabaseError,
    };
  }

  /** Writes what is queued; one batch at a time, so a slow database sees no pile of inserts. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.queue.length === 0) return Promise.resolve();
    this.flushing = this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.db.transaction().execute(async (trx) => {
          const [ids] = await sideBySide(insertLines(trx, batch), recordHourlyStats(trx, batch));
          await sideBySide(recordRequests(trx, batch, ids), this.options.afterWrite?.(trx, ids));
        });
        this.counts.written += batch.length;
        if (this.failing) this.options.report?.info('Request logs are being written again');
        this.failing = false;
      } catch (error) {
        this.counts.droppedDatabaseError += batch.length;
        this.counts.lastError = error instanceof Error ? error.message : String(error);
        if (!this.failing) {
          this.options.report?.warn('Request logs could not be written; lines are being lost and counted', {
            error: this.counts.lastError,
          });
        }
        this.failing = true;
        return;
      }
    }
  }

  /** Deletes lines older than the retention, in slices so the table stays usable meanwhile. */
  async purge(): Promise<number> {
    const days = this.options.retentionDays ?? 30;
    const now = this.options.now?.() ?? new Date();
    const before = new Date(now.getTime() - days * 86_400_000);
    let total = 0;
    for (;;) {
      const result = await sql`
        DELETE FROM request_logs WHERE id IN (
          SELECT id FROM request_logs WHERE timestamp < ${before} ORDER BY timestamp LIMIT 10000)`.execute(
        this.db,
      );
      const deleted = Number(result.numAffectedRows ?? 0);
      total += deleted;
      if (deleted < 10_000) break;
    }
    await this.db.deleteFrom('request_stats_hourly').where('hour', '<', before).execute();
    await this.db.deleteFrom('request_log_requests').where('last_at', '<', before).execute();
    await this.db.deleteFrom('request_users_hourly').where('hour', '<', before).execute();
    this.counts.purged += total;
    return total;
  }
}

interface HourStats {
  requests: number;
  failed_requests: number;
  response_time_total_ms: number;
  error_logs: number;
  warning_logs: number;
  users: Set<string>;
}

/** The per-hour counters of a batch; a request is a line with a status and a response time. */
export function hourlyStats(batch: readonly RequestLogRow[]): Map<string, HourStats> {
  const hours = new Map<string, HourStats>();
  for (const row of batch) {
    const at = new Date(row.timestamp as string);
    at.setUTCMinutes(0, 0, 0);
    const key = at.toISOString();
    let h = hours.get(key);
    if (!h) {
      h = {
        requests: 0,
        failed_requests: 0,
        response_time_total_ms: 0,
        error_logs: 0,
        warning_logs: 0,
        users: new Set(),
      };
      hours.set(key, h);
    }
    if (row.level === 'error') h.error_logs++;
    if (row.level === 'warn') h.warning_logs++;
    if (typeof row.status_code === 'number' && typeof row.response_time_ms === 'number') {
      h.requests++;
      if (row.status_code >= 400) h.failed_requests++;
      h.response_time_total_ms += row.response_time_ms;
      if (row.user_id) h.users.add(row.user_id);
    }
  }
  return hours;
}

/** One fixed order, ascending by code unit, for the keys every writer locks. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds a batch to the hourly counters, all its hours in one statement and all its users in
 * another: a seeded history's batch spans months, and one statement an hour made the log lines
 * take three fifths of the demo seed. Rows go in ascending order, so that writers adding to the
 * same rows at once (the processes of a fleet, the demo seed's lanes) take their locks in the
 * same order and never wait on each other in a cycle.
 */
async function recordHourlyStats(trx: Transaction<OperationalTables>, batch: readonly RequestLogRow[]) {
  const hours = [...hourlyStats(batch)].sort(([a], [b]) => byText(a, b));
  if (hours.length === 0) return;
  const add = (column: keyof Omit<HourStats, 'users'>) =>
    sql<number>`request_stats_hourly.${sql.ref(column)} + excluded.${sql.ref(column)}`;
  const users = hours.flatMap(([hour, h]) => [...h.users].sort(byText).map((user_id) => ({ hour, user_id })));
  await sideBySide(
    trx
      .insertInto('request_stats_hourly')
      .values(hours.map(([hour, { users: _users, ...counts }]) => ({ hour, ...counts })))
      .onConflict((oc) =>
        oc.column('hour').doUpdateSet({
          requests: add('requests'),
          failed_requests: add('failed_requests'),
          response_time_total_ms: add('response_time_total_ms'),
          error_logs: add('error_logs'),
          warning_logs: add('warning_logs'),
        }),
      )
      .execute(),
    users.length > 0
      ? trx
          .insertInto('request_users_hourly')
          .values(users)
          .onConflict((oc) => oc.columns(['hour', 'user_id']).doNothing())
          .execute()
      : undefined,
  );
}

/** A `request_log_requests` row as the writer folds it, its times still ISO strings. */
type RequestSummary = Omit<RequestLogRequestsTable, 'first_at' | 'last_at'> & {
  first_at: string;
  last_at: string;
};

/** Folds a batch into one summary per request; a line without a request id is its own. */
export function requestSummaries(batch: readonly RequestLogRow[], ids: readonly string[]): RequestSummary[] {
  const byRequest = new Map<string, RequestSummary>();
  batch.forEach((row, i) => {
    const key = row.request_id ?? `line:${ids[i]}`;
    const at = new Date(row.timestamp as string).toISOString();
    const s = byRequest.get(key) ?? {
      request_id: key,
      first_at: at,
      last_at: at,
      steps: 0,
      is_lookup: false,
      user_id: null,
      has_error: false,
      has_warn: false,
      has_info: false,
      has_debug: false,
    };
    s.steps++;
    if (at < s.first_at) s.first_at = at;
    if (at > s.last_at) s.last_at = at;
    s.is_lookup ||= row.is_lookup === true;
    s.user_id ??= row.user_id ?? null;
    s.has_error ||= row.level === 'error';
    s.has_warn ||= row.level === 'warn';
    s.has_info ||= row.level === 'info';
    s.has_debug ||= row.level === 'debug';
    byRequest.set(key, s);
  });
  return [...byRequest.values()];
}

async function recordRequests(
  trx: Transaction<OperationalTables>,
  batch: readonly RequestLogRow[],
  ids: string[],
) {
  // In request id order, for the same reason as the hourly counters' order.
  const summaries = requestSummaries(batch, ids).sort((a, b) => byText(a.request_id, b.request_id));
  if (summaries.length === 0) return;
  const or = (column: string) =>
    sql<boolean>`request_log_requests.${sql.ref(column)} OR excluded.${sql.ref(column)}`;
  await trx
    .insertInto('request_log_requests')
    .values(summaries)
    .onConflict((oc) =>
      oc.column('request_id').doUpdateSet({
        first_at: sql`least(request_log_requests.first_at, excluded.first_at)`,
        last_at: sql`greatest(request_log_requests.last_at, excluded.last_at)`,
        steps: sql<number>`request_log_requests.steps + excluded.steps`,
        user_id: sql`coalesce(request_log_requests.user_id, excluded.user_id)`,
        is_lookup: or('is_lookup'),
        has_error: or('has_error'),
        has_warn: or('has_warn'),
        has_info: or('has_info'),
        has_debug: or('has_debug'),
      }),
    )
    .execute();
}
