import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type RunningApp } from './app';
import { forSuite, type Backend } from './databases';

/** One call the app made, with its form-encoded parameters flattened as Stripe receives them. */
export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  /** The next creation answers this Stripe error instead. */
  failNext(status: number, message: string): void;
  /** Marks a checkout session paid, as a buyer finishing it would. */
  complete(sessionId: string): void;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server that answers the calls the app makes as Stripe's API reference documents them:
 * form-encoded POSTs to /v1/customers, /v1/checkout/sessions (and .../:id/expire, which only an
 * open session accepts), /v1/billing_portal/sessions, GET /v1/checkout/sessions/:id; JSON answers,
 * the same answer again for a repeated Idempotency-Key, errors as {error:{type,message}}.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const byKey = new Map<string, string>();
  let failure: { status: number; message: string } | undefined;
  let n = 0;
  const sessions = new Map<string, Record<string, unknown>>();
  const server: Server = createServer(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const path = (req.url ?? '').split('?')[0]!;
    calls.push({
      method: req.method ?? '',
      path,
      params,
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (idempotencyKey && status < 500) byKey.set(`${path}:${idempotencyKey}`, text);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` }).end(text);
    };
    const replay = idempotencyKey ? byKey.get(`${path}:${idempotencyKey}`) : undefined;
    if (replay)
      return res
        .writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
        .end(replay);
    if (failure) {
      const { status, message } = failure;
      failure = undefined;
      return send(status, { error: { type: 'invalid_request_error', message } });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      return send(200, {
        id: `cus_fake${++n}`,
        object: 'customer',
        email: params.email ?? null,
        metadata: {},
      });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    const session = sessions.get(expire?.[1] ?? path.slice('/v1/checkout/sessions/'.length));
    if (req.method === 'POST' && expire) {
      if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      if (session.status !== 'open') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          },
        });
      }
      session.status = 'expired';
      return send(200, session);
    }
    if (req.method === 'GET' && session) return send(200, session);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_fake${++n}`;
      sessions.set(id, {
        id,
        object: 'checkout.session',
        status: 'open',
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
      });
      return send(200, {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer,
        client_reference_id: params.client_reference_id,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(params['line_items[0][price_data][unit_amount]']),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_fake${++n}`;
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(status, message) {
      failure = { status, message };
    },
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.status = 'complete';
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The fake Stripe and the service pointed at it (its secret key `sk_test_fake`, `env` as the
 * environment adds), started for the suite that calls it; `started` takes both for the suite's own variables.
 */
export function stripeAppForSuite(
  backend: Backend,
  started: (value: { app: RunningApp; stripe: FakeStripe }) => void,
  env: Record<string, string>,
): void {
  forSuite(async () => {
    const stripe = await startFakeStripe();
    const app = await startApp(backend, {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: stripe.url,
      ...env,
    }).catch(async (error: unknown) => {
      await stripe.close();
      throw error;
    });
    return {
      app,
      stripe,
      async close() {
        await app.close();
        await stripe.close();
      },
    };
  }, started);
}
