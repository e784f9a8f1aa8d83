import type {
  CallPriority,
  CrmClientFactory,
  CrmObjectType,
  CrmPortalClient,
  CrmSearchPage,
  CrmSearchQuery,
  CrmWriteOutcome,
  RecordUpdate,
} from '../../portals/types';
import { HUBSPOT_PATHS } from './api-version';
import { CrmCallError } from './errors';
import { valueRefusal } from './refusals';
import { DEFAULT_TIMEOUT_MS, exchange, messageOf, sleep, type HubSpotResponse } from './http';
import { portalRateLimiter, type PortalRateLimiter } from './limiter';
import type { HubSpotTokens } from './tokens';
import type { HubSpotMetrics } from '../../metrics/metrics';

export interface RetryPolicy {
  /** Retries after a 5xx, a timeout or a refused connection, before crm_update_failed. */
  serverErrorRetries: number;
  /** First backoff; doubles each time. */
  backoffMs: number;
  /** 429s waited out (by Retry-After) before giving up. */
  rateLimitRetries: number;
  /** Longest Retry-After honoured; a longer one is capped to this. */
  maxRetryAfterMs: number;
  /**
   * Extra batch updates spent isolating the records HubSpot refused from a batch it refused
   * whole: halving finds one refused value among 100 records in 12 to 14 (2 per halving, 6 or 7
   * halvings by where it sits).
   */
  isolationCalls: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  serverErrorRetries: 3,
  backoffMs: 250,
  rateLimitRetries: 8,
  maxRetryAfterMs: 30_000,
  isolationCalls: 40,
};

export interface HubSpotClientOptions {
  apiBase: string;
  tokens: HubSpotTokens;
  /** The portal's budget, searches' turns included; in memory unless given. */
  limiter?: PortalRateLimiter;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  /** Counts each answer HubSpot gave, 429s among them. */
  metrics?: HubSpotMetrics;
}

/** HubSpot's batch endpoints take at most 100 inputs. */
export const BATCH_SIZE = 100;

export const objectPath = (type: CrmObjectType) => (type === 'contact' ? 'contacts' : 'companies');

interface BatchError {
  category?: string;
  message?: string;
  context?: { ids?: string[] };
}

function batchErrors(body: unknown): BatchError[] {
  const errors = (body as { errors?: unknown })?.errors;
  return Array.isArray(errors) ? (errors as BatchError[]) : [];
}

function resultIds(body: unknown): { id: string; properties: Record<string, string | null> }[] {
  const results = (body as { results?: unknown })?.results;
  if (!Array.isArray(results)) return [];
  return (results as { id?: unknown; properties?: Record<string, string | null> }[])
    .filter((r) => typeof r.id === 'string' || typeof r.id === 'number')
    .map((r) => ({ id: String(r.id), properties: r.properties ?? {} }));
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) out.push(items.slice(i, i + BATCH_SIZE));
  return out;
}

/** A search answer as a page; results without an id are not records and are left out. */
function searchPage(body: unknown): CrmSearchPage {
  const b = (body ?? {}) as { total?: unknown; results?: unknown; paging?: { next?: { after?: unknown } } };
  const results = Array.isArray(b.results)
    ? (b.results as { id?: unknown; properties?: Record<string, string | null>; updatedAt?: unknown }[])
        .filter((r) => typeof r.id === 'string' || typeof r.id === 'number')
        .map((r) => ({
          id: String(r.id),
          properties: r.properties ?? {},
          updatedAt: String(r.updatedAt ?? ''),
        }))
    : [];
  const after = b.paging?.next?.after;
  return {
    total: typeof b.total === 'number' ? b.total : results.length,
    results,
    ...(after === undefined || after === null ? {} : { after: String(after) }),
  };
}

/** The ids HubSpot says do not exist, from a 207 or an error answer. */
function missingIds(errors: BatchError[]): Set<string> {
  return new Set(
    errors
      .filter((e) => e.category === 'OBJECT_NOT_FOUND')
      .flatMap((e) => (e.context?.ids ?? []).map(String)),
  );
}

/**
 * HubSpot's CRM API for every connected portal: authenticated with the portal's tokens, within
 * its rate limit, waiting out 429s and retrying HubSpot's own failures a few times.
 */
export class HubSpotClient implements CrmClientFactory {
  readonly limiter: PortalRateLimiter;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(private readonly options: HubSpotClientOptions) {
    this.limiter = options.limiter ?? portalRateLimiter();
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async forPortal(portalId: string): Promise<CrmPortalClient> {
    return {
      readRecords: (type, ids, properties, o) => this.readRecords(portalId, type, ids, properties, o),
      updateRecords: (type, updates, o) => this.updateRecords(portalId, type, updates, o),
      searchRecords: (type, query, o) => this.searchRecords(portalId, type, query, o),
    };
  }

  /**
   * One call to the portal's API. Answers whatever HubSpot said for 2xx and 4xx other than 401
   * and 429; throws CrmCallError when HubSpot kept failing or the portal's authorisation is gone.
   * The call takes its slot in the portal's budget last, holding its token, so that it reaches
   * HubSpot right after (MOST_LATE_MS); a search's slot also waits for the search API's limit.
   */
  async call(
    portalId: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { priority?: CallPriority; search?: boolean } = {},
  ): Promise<HubSpotResponse> {
    let serverErrors = 0;
    let rateLimited = 0;
    let refreshed = false;
    for (;;) {
      const token = await this.options.tokens.accessToken(portalId);
      await this.limiter.acquire(portalId, {
        priority: options.priority ?? 'live',
        search: options.search ?? false,
      });
      let response: HubSpotResponse;
      try {
        response = await exchange(
          `${this.options.apiBase}${path}`,
          {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
          this.timeoutMs,
        );
      } catch (error) {
        if (serverErrors++ < this.retry.serverErrorRetries) {
          await sleep(this.retry.backoffMs * 2 ** (serverErrors - 1));
          continue;
        }
        const why = error instanceof Error ? error.message : String(error);
        throw new CrmCallError('crm_update_failed', `HubSpot did not answer ${method} ${path}: ${why}`);
      }
      this.options.metrics?.response(response.status);
      if (response.status === 429) {
        if (rateLimited++ >= this.retry.rateLimitRetries)
          throw new CrmCallError('crm_update_failed', `HubSpot kept refusing: ${messageOf(response)}`);
        await sleep(this.retryAfterMs(response));
        continue;
      }
      if (response.status >= 500) {
        if (serverErrors++ < this.retry.serverErrorRetries) {
          await sleep(this.retry.backoffMs * 2 ** (serverErrors - 1));
          continue;
        }
        throw new CrmCallError('crm_update_failed', messageOf(response));
      }
      if (response.status === 401) {
        if (refreshed) throw new CrmCallError('crm_auth_failed', messageOf(response));
        refreshed = true;
        await this.options.tokens.refresh(portalId, token);
        continue;
      }
      return response;
    }
  }

  private retryAfterMs(response: HubSpotResponse): number {
    const seconds = Number(response.headers.get('retry-after'));
    const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
    return Math.min(ms, this.retry.maxRetryAfterMs);
  }

  async readRecords(
    portalId: string,
    type: CrmObjectType,
    ids: readonly string[],
    properties: readonly string[],
    options: { priority?: CallPriority } = {},
  ): Promise<Map<string, Record<string, string | null>>> {
    const found = new Map<string, Record<string, string | null>>();
    for (const chunk of chunks(ids)) {
      const response = await this.call(
        portalId,
        'POST',
        HUBSPOT_PATHS.batchRead(objectPath(type)),
        { properties, inputs: chunk.map((id) => ({ id })) },
        options,
      );
      const everyMissing = response.status === 404 || missingIds(batchErrors(response.body)).size > 0;
      if (response.status >= 400 && !everyMissing)
        throw new CrmCallError('crm_update_failed', `Reading records failed: ${messageOf(response)}`);
      for (const r of resultIds(response.body)) found.set(r.id, r.properties);
    }
    return found;
  }

  async updateRecords(
    portalId: string,
    type: CrmObjectType,
    updates: readonly RecordUpdate[],
    options: { priority?: CallPriority } = {},
  ): Promise<Map<string, CrmWriteOutcome>> {
    const outcomes = new Map<string, CrmWriteOutcome>();
    for (const chunk of chunks(updates)) {
      for (const [id, outcome] of await this.updateChunk(portalId, type, chunk, options))
        outcomes.set(id, outcome);
    }
    return outcomes;
  }

  /** See CrmPortalClient.searchRecords: the 10,000-result ceiling is the caller's to page around. */
  async searchRecords(
    portalId: string,
    type: CrmObjectType,
    query: CrmSearchQuery,
    options: { priority?: CallPriority } = {},
  ): Promise<CrmSearchPage> {
    const response = await this.call(portalId, 'POST', HUBSPOT_PATHS.search(objectPath(type)), query, {
      ...options,
      search: true,
    });
    if (response.status >= 400)
      throw new CrmCallError(
        'crm_update_failed',
        `Searching records failed: ${messageOf(response)}`,
        response.status,
      );
    return searchPage(response.body);
  }

  /**
   * One batch update. HubSpot refuses a whole batch for a reason that belongs to some of its
   * records (an id that does not exist, a value a validation rule refuses) and writes nothing of
   * it: the records it would accept are written again without the refused ones (a missing id is
   * named; a refused value is found by halving the batch), within `budget.calls` extra calls.
   * Nothing is written twice: each record lands in exactly one accepted call.
   */
  private async updateChunk(
    portalId: string,
    type: CrmObjectType,
    updates: readonly RecordUpdate[],
    options: { priority?: CallPriority },
    budget = { calls: this.retry.isolationCalls },
  ): Promise<Map<string, CrmWriteOutcome>> {
    const outcomes = new Map<string, CrmWriteOutcome>();
    const failAll = (reason: 'crm_update_failed' | 'crm_auth_failed', detail: string) => {
      for (const u of updates) outcomes.set(u.id, { ok: false, reason, detail });
      return outcomes;
    };
    const again = async (part: readonly RecordUpdate[]) => {
      for (const [id, o] of await this.updateChunk(portalId, type, part, options, budget))
        outcomes.set(id, o);
    };
    let response: HubSpotResponse;
    try {
      response = await this.call(
        portalId,
        'POST',
        HUBSPOT_PATHS.batchUpdate(objectPath(type)),
        { inputs: updates.map((u) => ({ id: u.id, properties: u.properties })) },
        options,
      );
    } catch (error) {
      if (error instanceof CrmCallError) return failAll(error.reason, error.message);
      throw error;
    }
    const errors = batchErrors(response.body);
    const missing = missingIds(response.status >= 400 ? [...errors, response.body as BatchError] : errors);
    for (const id of missing)
      outcomes.set(id, {
        ok: false,
        reason: 'crm_record_not_found',
        detail: 'The record does not exist in HubSpot',
      });
    if (response.status >= 400) {
      const rest = updates.filter((u) => !missing.has(u.id));
      const refusal = response.status === 400 ? valueRefusal(response.body) : undefined;
      if (rest.length > 0 && rest.length < updates.length && budget.calls >= 1) {
        budget.calls -= 1;
        await again(rest);
        return outcomes;
      }
      if (refusal && rest.length === 1) {
        outcomes.set(rest[0]!.id, { ok: false, reason: 'crm_validation_failed', detail: refusal });
        return outcomes;
      }
      if (refusal && missing.size === 0 && budget.calls >= 2) {
        budget.calls -= 2;
        const half = Math.ceil(rest.length / 2);
        await again(rest.slice(0, half));
        await again(rest.slice(half));
        return outcomes;
      }
      for (const u of rest)
        outcomes.set(u.id, { ok: false, reason: 'crm_update_failed', detail: messageOf(response) });
      return outcomes;
    }
    for (const e of errors) {
      if (e.category === 'OBJECT_NOT_FOUND') continue;
      const refusal = valueRefusal(e);
      for (const id of e.context?.ids ?? [])
        outcomes.set(
          String(id),
          refusal
            ? { ok: false, reason: 'crm_validation_failed', detail: refusal }
            : {
                ok: false,
                reason: 'crm_update_failed',
                detail: `HubSpot refused the record: ${e.message ?? e.category ?? 'unknown error'}`,
              },
        );
    }
    // A 207 confirms each record it wrote; one it neither confirmed nor refused was not written.
    const confirmed = new Set(resultIds(response.body).map((r) => r.id));
    for (const u of updates) {
      if (outcomes.has(u.id)) continue;
      outcomes.set(
        u.id,
        response.status !== 207 || confirmed.has(u.id)
          ? { ok: true }
          : { ok: false, reason: 'crm_update_failed', detail: 'HubSpot did not confirm the write' },
      );
    }
    return outcomes;
  }
}
