import { sandboxDb } from '../../api/sandbox/db';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipTable } from '../../api/adapters/geocoder/zip-table';
import { sampleRecords } from '../../api/sandbox/hubspot/samples';
import { SandboxCrmStore } from '../../api/sandbox/hubspot/store';
import { openPglite } from '../../api/db/database';
import { migrateOperational, operationalDb } from '../../api/db/operational';
import { parsePostalCode } from '../../domain/lookups/postal-code';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal, sandboxPass } from '../support/sandbox-hubspot';

const run = promisify(execFile);

describe('sample records for the sandbox CRM', () => {
  it('are the same for the same seed and hold every case a backfill meets', () => {
    const records = sampleRecords('contacts', 3000, 7);
    expect(sampleRecords('contacts', 3000, 7)).toEqual(records);
    expect(sampleRecords('contacts', 3000, 8)).not.toEqual(records);
    const of = (kind: string) => records.filter((r) => r.kind === kind).map((r) => r.properties);
    const resolves = (zip: string) => {
      const parsed = parsePostalCode(zip);
      return parsed.kind !== 'invalid' && zipTable().resolve(parsed) !== undefined;
    };

    expect(of('zip').length).toBeGreaterThan(records.length / 2);
    for (const p of of('zip')) {
      expect(resolves(p.zip!)).toBe(true);
      expect(p.city).toBeUndefined();
      expect(p.state).toBeUndefined();
    }
    for (const p of of('zip+4 with a dash')) expect(p.zip).toMatch(/^\d{5}-\d{4}$/);
    for (const p of of('zip+4 in nine digits')) expect(p.zip).toMatch(/^\d{9}$/);
    for (const p of [...of('zip+4 with a dash'), ...of('zip+4 in nine digits')])
      expect(resolves(p.zip!)).toBe(true);
    for (const p of of('city already filled'))
      expect(zipTable().resolve({ kind: 'us', zip: p.zip! })?.city).toBe(p.city);
    for (const p of of('city filled with an accepted other name'))
      expect(zipTable().resolve({ kind: 'us', zip: p.zip! })?.otherCities).toContain(p.city);
    for (const p of of('invalid zip')) expect(parsePostalCode(p.zip!).kind).toBe('invalid');
    for (const p of of('unknown zip')) {
      expect(p.zip).toMatch(/^\d{5}$/);
      expect(resolves(p.zip!)).toBe(false);
    }
    for (const p of of('no zip')) expect(p.zip ?? '').toBe('');
    for (const kind of ['city filled with an accepted other name', 'invalid zip', 'unknown zip', 'no zip'])
      expect(of(kind).length).toBeGreaterThan(0);
    expect(sampleRecords('companies', 10, 7).every((r) => r.properties.name && r.properties.domain)).toBe(
      true,
    );
  });
});

for (const backend of behaviourBackends) {
  describe(`the "Add 1,000 sample contacts" button of the sandbox CRM on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('adds a thousand sample contacts to the owner’s portal and to no one else’s', async () => {
      const { token } = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, token);
      const portalId = (await connectionsOf(app.baseUrl, token))[0]!.portal_id;
      const press = (pass: string) =>
        fetch(`${app.baseUrl}/sandbox/hubspot/samples`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pass },
          body: new URLSearchParams({ portalId, type: 'contacts' }),
          redirect: 'manual',
        });
      const stranger = await signUp(app.baseUrl);
      expect((await press(await sandboxPass(app.baseUrl, stranger.token))).status).toBe(404);

      const pass = await sandboxPass(app.baseUrl, token);
      expect((await press(pass)).status).toBe(303);
      const store = app.system.sandboxCrm!.store;
      expect(await store.countRecords(portalId, 'contacts')).toBe(1000);
      expect(await store.countRecords(portalId, 'companies')).toBe(0);
      const page = await fetch(`${app.baseUrl}/sandbox/hubspot/records?portalId=${portalId}`, {
        headers: { cookie: pass },
      });
      const html = await page.text();
      expect(html).toContain('1,000; the latest 200 shown');
      expect(html).toContain('Add 1,000 sample companies');
    });
  });
}

describe('npm run seed:crm', () => {
  let dataDir: string;
  const portalId = '12340001';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'zipfill-seed-crm-'));
    const database = await openPglite(dataDir);
    await migrateOperational(database);
    await sandboxDb(operationalDb(database))
      .insertInto('sandbox_portals')
      .values({
        portal_id: portalId,
        hub_domain: 'seed.hubspot.local',
        created_at: new Date(),
        owner_user_id: 'u',
      })
      .execute();
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const seedCrm = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/seed-crm.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('fills an existing portal with contacts and companies, and says why when it cannot', async () => {
    const { stdout } = await seedCrm('--portal', portalId, '--contacts', '1500', '--companies', '20');
    expect(stdout).toContain(`Added 1500 contacts to portal ${portalId}`);

    const missing = await seedCrm('--portal', '999', '--contacts', '10').catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('There is no sandbox portal 999'),
    });

    const database = await openPglite(dataDir);
    try {
      const store = new SandboxCrmStore(operationalDb(database));
      expect(await store.countRecords(portalId, 'contacts')).toBe(1500);
      expect(await store.countRecords(portalId, 'companies')).toBe(20);
      // The folder is held, as by a running server: PGlite serves one process at a time.
      const held = await seedCrm('--portal', portalId, '--contacts', '10').catch(
        (e: { stderr: string; code: number }) => e,
      );
      expect(held).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('PGlite serves one process at a time'),
      });
    } finally {
      await database.close();
    }
  });
});
