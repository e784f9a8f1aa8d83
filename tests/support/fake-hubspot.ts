import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
  at: number;
}
export type Answer = (req: Seen, res: ServerResponse) => void;

/** A local server that answers as HubSpot documents; each test scripts its answers. */
export class FakeHubSpot {
  seen: Seen[] = [];
  answer: Answer = (_req, res) => json(res, 200, {});
  private server!: Server;
  base = '';

  async start() {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const seen = {
          method: req.method!,
          url: req.url!,
          authorization: req.headers.authorization,
          body,
          at: Date.now(),
        };
        this.seen.push(seen);
        this.answer(seen, res);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  api(): Seen[] {
    return this.seen.filter((s) => s.url.startsWith('/crm/'));
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const okBatch = (req: Seen, res: ServerResponse) => {
  const { inputs } = JSON.parse(req.body) as { inputs: { id: string; properties: object }[] };
  json(res, 200, {
    status: 'COMPLETE',
    results: inputs.map((i) => ({ id: i.id, properties: i.properties })),
  });
};
