import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubSpotClient } from '../../api/adapters/hubspot/client';
import {
  HUBSPOT_RATE_LIMIT,
  HUBSPOT_SEARCH_LIMIT,
  portalRateLimiter,
} from '../../api/adapters/hubspot/limiter';
import { HubSpotOAuthClient } from '../../api/adapters/hubspot/oauth';
import { HubSpotTokens } from '../../api/adapters/hubspot/tokens';
import { connectPostgres, type Database } from '../../api/db/database';
import { migrateOperational, operationalDb } from '../../api/db/operational';
import { TokenCipher } from '../../api/portals/secrets';
import { createSchema, dropSchema, testDatabaseUrl } from '../support/databases';
import { FakeHubSpot, json, okBatch } from '../support/fake-hubspot';
import { busiestWindow } from '../support/hubspot-counter';

const cipher = new TokenCipher('k'.repeat(40));

/**
 * Each "process" here has its own connection pool, limiter, token cache and client, as separate
 * `npm start` processes do; all they share is the PostgreSQL schema.
 */
describe.runIf(testDatabaseUrl)('HubSpot limits shared by processes on one PostgreSQL', () => {
  const hubspot = new FakeHubSpot();
  let schema: string;
  const processes: Database[] = [];

  beforeAll(async () => {
    await hubspot.start();
    schema = await createSchema(testDatabaseUrl!);
    for (let i = 0; i < 3; i++)
      processes.push(await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 4 }));
    await migrateOperational(processes[0]!);
  });
  afterAll(async () => {
    for (const p of processes) await p.close();
    await hubspot.stop();
    if (schema) await dropSchema(testDatabaseUrl!, schema);
  });

  const oauth = () =>
    new HubSpotOAuthClient({ apiBase: hubspot.base, clientId: 'cid', clientSecret: 'secret' });
  const tokensOf = (db: Database) => new HubSpotTokens(operationalDb(db), cipher, oauth(), undefined, true);

  it('never sends a portal more than 110 requests in any 10 seconds, however many processes call', async () => {
    hubspot.seen = [];
    hubspot.answer = okBatch;
    const portalId = '81000001';
    await tokensOf(processes[0]!).save(portalId, { accessToken: 'a', refreshToken: 'r', expiresIn: 1800 });
    const clients = processes.map(
      (db) =>
        new HubSpotClient({
          apiBase: hubspot.base,
          tokens: tokensOf(db),
          limiter: portalRateLimiter(db.pool),
        }),
    );
    // 3 x 50 calls: on per-process budgets they would all go out within 5 s.
    await Promise.all(
      clients.map(async (client, p) => {
        const crm = await client.forPortal(portalId);
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            crm.updateRecords('contact', [{ id: String(p * 100 + i + 1), properties: {} }]),
          ),
        );
      }),
    );
    const times = hubspot.api().map((s) => s.at);
    expect(times).toHaveLength(150);
    expect(busiestWindow(times, HUBSPOT_RATE_LIMIT.windowMs)).toBeLessThanOrEqual(
      HUBSPOT_RATE_LIMIT.requests,
    );
  }, 60_000);

  it('never sends a portal more than 5 searches in any second, however many processes search', async () => {
    hubspot.seen = [];
    hubspot.answer = (_req, res) => json(res, 200, { total: 0, results: [] });
    const portalId = '81000003';
    await tokensOf(processes[0]!).save(portalId, { accessToken: 'a', refreshToken: 'r', expiresIn: 1800 });
    const empty = { filterGroups: [], sorts: [], properties: [], limit: 10 };
    // 3 x 4 searches: with each process keeping its own turns, 12 would go out at once.
    await Promise.all(
      processes.map(async (db) => {
        const client = new HubSpotClient({
          apiBase: hubspot.base,
          tokens: tokensOf(db),
          limiter: portalRateLimiter(db.pool),
        });
        const crm = await client.forPortal(portalId);
        await Promise.all(
          Array.from({ length: 4 }, () => crm.searchRecords('contact', empty, { priority: 'background' })),
        );
      }),
    );
    const times = hubspot.api().map((s) => s.at);
    expect(times).toHaveLength(12);
    expect(busiestWindow(times, HUBSPOT_SEARCH_LIMIT.windowMs)).toBeLessThanOrEqual(
      HUBSPOT_SEARCH_LIMIT.requests,
    );
  }, 30_000);

  it('refreshes a portal token once when several processes find it refused at the same time', async () => {
    hubspot.seen = [];
    let issued = 0;
    hubspot.answer = (_req, res) =>
      setTimeout(
        () => json(res, 200, { access_token: `new-${++issued}`, refresh_token: 'r', expires_in: 1800 }),
        200,
      );
    const portalId = '81000002';
    await tokensOf(processes[0]!).save(portalId, {
      accessToken: 'refused',
      refreshToken: 'r',
      expiresIn: 1800,
    });
    const tokens = await Promise.all(processes.map((db) => tokensOf(db).refresh(portalId, 'refused')));
    expect(hubspot.seen.filter((s) => s.url === '/oauth/2026-03/token')).toHaveLength(1);
    expect(tokens).toEqual(['new-1', 'new-1', 'new-1']);
  });
});
