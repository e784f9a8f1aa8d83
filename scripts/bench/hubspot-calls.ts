/**
 * The HubSpot API calls the service makes while a benchmark runs in this process, as the sandbox
 * CRM receives them: each call's time, kind and answer, and whether it was for one of the live
 * lookups' records (the rest are the backfill's). Wraps the global fetch, which the HubSpot
 * client calls through (api/adapters/hubspot/http.ts).
 */

export type CallKind = 'search' | 'batch-update' | 'batch-read' | 'other';

export interface HubSpotCall {
  at: number;
  kind: CallKind;
  status: number;
  /** For a record of a live lookup (naming one of `liveIds`, in the path or a batch), else the backfill's. */
  live: boolean;
}

const CRM_PATH = /\/sandbox\/hubspot\/crm\/objects\/[^/]+\/[^/]+\/(search|batch\/update|batch\/read)$/;

const kindOf = (match: RegExpExecArray | null): CallKind =>
  !match
    ? 'other'
    : match[1] === 'search'
      ? 'search'
      : match[1] === 'batch/update'
        ? 'batch-update'
        : 'batch-read';

function idsIn(body: RequestInit['body']): string[] {
  if (typeof body !== 'string') return [];
  const inputs = (JSON.parse(body) as { inputs?: { id?: unknown }[] }).inputs ?? [];
  return inputs.map((i) => String(i.id));
}

export class HubSpotCallRecorder {
  readonly calls: HubSpotCall[] = [];
  private readonly original = globalThis.fetch;

  constructor(private readonly liveIds: ReadonlySet<string>) {}

  start(): this {
    const original = this.original;
    globalThis.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/sandbox/hubspot/')) return original(input, init);
      const path = new URL(url).pathname;
      const kind = kindOf(CRM_PATH.exec(path));
      const crm = path.includes('/crm/');
      const ids = [...idsIn(init?.body), path.split('/').at(-1) ?? ''];
      const live = ids.some((id) => this.liveIds.has(id));
      const at = performance.now();
      const response = await original(input, init);
      if (crm) this.calls.push({ at, kind, status: response.status, live });
      return response;
    };
    return this;
  }

  stop(): void {
    globalThis.fetch = this.original;
  }

  /** The calls sent from `from` to `to` (performance.now() times). */
  between(from: number, to: number): HubSpotCall[] {
    return this.calls.filter((c) => c.at >= from && c.at <= to);
  }
}
