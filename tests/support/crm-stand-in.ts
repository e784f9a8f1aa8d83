import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One record write the stand-in received, with when it arrived (ms, performance clock of this process). */
export interface RecordedWrite {
  portalId: string;
  objectType: string;
  id: string;
  properties: Record<string, string>;
  at: number;
}

/** How the stand-in answers a batch update: 'ok', a status with headers, or 'hold' (never answers). */
export type ScriptedAnswer = 'ok' | 'hold' | { status: number; headers?: Record<string, string> };

const OBJECT_PATH = /^\/crm\/objects\/2026-03\/(contacts|companies)\/batch\/(update|read)$/;
const objectTypeOf = (plural: string) => (plural === 'contacts' ? 'contact' : 'company');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A HubSpot CRM stand-in on 127.0.0.1 speaking the batch read/update shapes. The bearer token
 * names the portal (`portal-<id>`). It records every record write and can be told to answer
 * 429 or 500 or not at all.
 */
export class CrmStandIn {
  readonly writes: RecordedWrite[] = [];
  /** Batch update calls received, answered or not. */
  updateCalls: Array<{ portalId: string; at: number; status: number | 'held' }> = [];
  private readonly records = new Map<string, Record<string, string>>();
  private readonly onlyKnown = new Set<string>();
  private script: ScriptedAnswer[] = [];
  private fallback: ScriptedAnswer = 'ok';
  private readonly held = new Set<ServerResponse>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next batch updates are answered in this order; afterwards `fallback`. */
  answer(script: ScriptedAnswer[], fallback: ScriptedAnswer = 'ok'): void {
    this.script = [...script];
    this.fallback = fallback;
  }

  /** A record as the CRM holds it (for "fill only empty fields"). */
  seed(portalId: string, objectType: string, id: string, properties: Record<string, string>): void {
    this.records.set(`${portalId}:${objectType}:${id}`, { ...properties });
  }

  /**
   * This portal holds only the records seeded or written into it, as HubSpot does: a read of any
   * other id finds nothing. (Elsewhere every id is a record, as the update takes any id.)
   */
  holdsOnlyKnownRecords(portalId: string): void {
    this.onlyKnown.add(portalId);
  }

  recordOf(portalId: string, objectType: string, id: string): Record<string, string> | undefined {
    return this.records.get(`${portalId}:${objectType}:${id}`);
  }

  writesFor(portalId: string): RecordedWrite[] {
    return this.writes.filter((w) => w.portalId === portalId);
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const match = OBJECT_PATH.exec(req.url ?? '');
    const portalId = /^Bearer portal-(\d+)$/.exec(req.headers.authorization ?? '')?.[1];
    // HubSpot's answer to a path it does not serve (a retired, numbered API version among them).
    if (!match || req.method !== 'POST')
      return this.json(res, 404, { status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Not found' });
    if (!portalId) return this.json(res, 401, { message: 'Authentication credentials not found' });
    const objectType = objectTypeOf(match[1]!);
    const body = (await readJson(req)) as {
      inputs: Array<{ id: string; properties?: Record<string, string> }>;
      properties?: string[];
    };
    if (match[2] === 'read') {
      // Every id is a record here, as its update takes any id: one never seeded or written is
      // empty, unless the portal holds only the records it knows (HubSpot leaves others out).
      const results = body.inputs.flatMap(({ id }) => {
        const known = this.records.get(`${portalId}:${objectType}:${id}`);
        if (!known && this.onlyKnown.has(portalId)) return [];
        const record = known ?? {};
        const properties = Object.fromEntries((body.properties ?? []).map((p) => [p, record[p] ?? null]));
        return [{ id, properties }];
      });
      return this.json(res, 200, { status: 'COMPLETE', results });
    }
    const answer = this.script.shift() ?? this.fallback;
    const at = performance.now();
    if (answer === 'hold') {
      this.updateCalls.push({ portalId, at, status: 'held' });
      this.held.add(res);
      return;
    }
    if (answer !== 'ok') {
      this.updateCalls.push({ portalId, at, status: answer.status });
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      return this.json(res, answer.status, { status: 'error', message: `Scripted ${answer.status}` });
    }
    this.updateCalls.push({ portalId, at, status: 200 });
    for (const { id, properties = {} } of body.inputs) {
      this.writes.push({ portalId, objectType, id, properties, at });
      const key = `${portalId}:${objectType}:${id}`;
      this.records.set(key, { ...this.records.get(key), ...properties });
    }
    return this.json(res, 200, {
      status: 'COMPLETE',
      results: body.inputs.map(({ id, properties }) => ({ id, properties })),
    });
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  }
}
