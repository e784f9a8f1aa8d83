import { HUBSPOT_PATHS } from '../../api/adapters/hubspot/api-version';
import type {
  CrmClientFactory,
  CrmObjectType,
  CrmPortalClient,
  CrmSearchPage,
  CrmWriteOutcome,
} from '../../api/portals/types';

const PLURAL: Record<CrmObjectType, string> = { contact: 'contacts', company: 'companies' };

export interface TestCrmClientOptions {
  /** Attempts on a 5xx or a failed connection before every record of the batch fails. */
  attempts?: number;
  /** Pause between 5xx attempts. */
  backoffMs?: number;
}

/**
 * A thin CrmPortalClient over fetch for tests: batch read and update and search, waiting out a 429 by its
 * Retry-After and retrying a 5xx a few times. The HubSpot connection's real client replaces it.
 */
export class TestCrmClient implements CrmPortalClient {
  constructor(
    private readonly baseUrl: string,
    private readonly portalId: string,
    private readonly options: TestCrmClientOptions = {},
  ) {}

  readRecords: CrmPortalClient['readRecords'] = async (objectType, ids, properties) => {
    const response = await this.post(HUBSPOT_PATHS.batchRead(PLURAL[objectType]), {
      inputs: ids.map((id) => ({ id })),
      properties,
    });
    if (!response.ok) throw new Error(`The CRM answered ${response.status} to a batch read`);
    const body = (await response.json()) as {
      results: Array<{ id: string; properties: Record<string, string | null> }>;
    };
    return new Map(body.results.map((r) => [r.id, r.properties]));
  };

  updateRecords: CrmPortalClient['updateRecords'] = async (objectType, updates) => {
    const attempts = this.options.attempts ?? 3;
    let detail = '';
    for (let attempt = 1; attempt <= attempts;) {
      const response = await this.post(HUBSPOT_PATHS.batchUpdate(PLURAL[objectType]), {
        inputs: updates.map((u) => ({ id: u.id, properties: u.properties })),
      });
      if (response.ok) {
        await response.body?.cancel();
        return new Map<string, CrmWriteOutcome>(updates.map((u) => [u.id, { ok: true }]));
      }
      detail = `The CRM answered ${response.status}: ${await response.text()}`;
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((r) => setTimeout(r, Math.max(0, seconds) * 1000));
        continue;
      }
      if (response.status < 500) break;
      attempt++;
      if (attempt <= attempts) await new Promise((r) => setTimeout(r, this.options.backoffMs ?? 20));
    }
    const failed: CrmWriteOutcome = { ok: false, reason: 'crm_update_failed', detail };
    return new Map<string, CrmWriteOutcome>(updates.map((u) => [u.id, failed]));
  };

  searchRecords: CrmPortalClient['searchRecords'] = async (objectType, query) => {
    const response = await this.post(HUBSPOT_PATHS.search(PLURAL[objectType]), query);
    if (!response.ok) throw new Error(`The CRM answered ${response.status} to a search`);
    const body = (await response.json()) as {
      total: number;
      results: CrmSearchPage['results'];
      paging?: { next?: { after?: string } };
    };
    const after = body.paging?.next?.after;
    return { total: body.total, results: body.results, ...(after ? { after } : {}) };
  };

  /**
   * One POST; a connection that fails before an answer (a kept-alive socket the stand-in closed
   * as it was reused, on a busy machine) is tried again, as the HubSpot client tries it.
   */
  private async post(path: string, body: unknown): Promise<Response> {
    const attempts = this.options.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(`${this.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer portal-${this.portalId}` },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (attempt >= attempts) throw error;
        await new Promise((r) => setTimeout(r, this.options.backoffMs ?? 20));
      }
    }
  }
}

export function testCrmFactory(baseUrl: string, options: TestCrmClientOptions = {}): CrmClientFactory {
  return { forPortal: async (portalId) => new TestCrmClient(baseUrl, portalId, options) };
}
