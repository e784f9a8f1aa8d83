import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditUsageAnswer } from '../../api/credits/contract';
import type { UsageChartAnswer } from '../../api/lookups/contract';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { createSandboxContact, mappedSandboxPortal } from '../support/sandbox-portal';
import { sandboxContacts } from './sandbox-records';

/** Every location field of a contact mapped to HubSpot's own property, timezone on, no mode chosen. */
const EVERY_FIELD = {
  contact: { city: 'city', state: 'state', county: 'county', country: 'country', updateTimezone: true },
  company: { city: 'city', state: 'state', county: 'county', country: 'country' },
};

const SAN_FRANCISCO = {
  city: 'San Francisco',
  state: 'CA',
  county: 'San Francisco County',
  hs_timezone: 'america_slash_los_angeles',
};
const NEW_YORK = {
  city: 'New York',
  state: 'NY',
  county: 'New York County',
  hs_timezone: 'america_slash_new_york',
};

// A person uses the sandbox CRM's records page; its webhooks reach the service, which writes back.
describe.each(behaviourBackends)('a ZIP that changes, on $name', (backend) => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(async () => app?.close());

  const { recordOf, settled, balanceOf, edit } = sandboxContacts(() => app);

  async function portalWith(config: object) {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const saved = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portal.portalId}`, {
      token: user.token,
      body: config,
    });
    expect(saved.status).toBe(200);
    return { user, portal };
  }

  it('under the default mapping, every field follows the ZIP from 94105 to 10001, one credit each', async () => {
    const { user, portal } = await portalWith(EVERY_FIELD);
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '94105' });
    await settled(portal, 1);
    expect(await recordOf(portal, id)).toMatchObject(SAN_FRANCISCO);

    await edit(portal, id, { zip: '10001' });
    await settled(portal, 2);
    expect(await recordOf(portal, id)).toMatchObject(NEW_YORK);
    expect(await balanceOf(user.userId)).toBe(48);
  });

  it('keeps a City a person typed and moves every other field with the ZIP', async () => {
    const { user, portal } = await portalWith(EVERY_FIELD);
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '94105' });
    await settled(portal, 1);
    await edit(portal, id, { city: 'SoMa' });

    await edit(portal, id, { zip: '10001' });
    await settled(portal, 2);
    expect(await recordOf(portal, id)).toMatchObject({ ...NEW_YORK, city: 'SoMa' });
    expect(await balanceOf(user.userId)).toBe(48);
  });

  it('with City on always overwrite and the rest on the default, no San Francisco value remains', async () => {
    const { portal } = await portalWith({
      ...EVERY_FIELD,
      contact: { ...EVERY_FIELD.contact, modes: { city: 'always_overwrite' } },
    });
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '94105' });
    await settled(portal, 1);

    await edit(portal, id, { zip: '10001' });
    await settled(portal, 2);
    const record = await recordOf(portal, id);
    expect(record).toMatchObject(NEW_YORK);
    for (const value of Object.values(SAN_FRANCISCO)) expect(Object.values(record)).not.toContain(value);
  });

  it('writes nothing and charges nothing for a record already right, and counts it apart from failed attempts', async () => {
    const { user, portal } = await portalWith(EVERY_FIELD);
    const id = await createSandboxContact(app.baseUrl, portal, {
      firstname: 'Ada',
      zip: '94105',
      country: 'US',
      ...SAN_FRANCISCO,
    });
    await settled(portal, 1);
    const sandbox = await app.system.sandboxCrm!.store.records(portal.portalId, 'contacts', [id]);
    expect(sandbox[0]!.lastChangeSource).toBe('CRM_UI');
    expect(await balanceOf(user.userId)).toBe(50);
    const { body } = await call(app.baseUrl, '/api/auth/usage-chart-data', { token: user.token });
    const days = (body as UsageChartAnswer).data;
    expect(days.reduce((n, d) => n + d.failed_lookups, 0)).toBe(0);
    expect(days.reduce((n, d) => n + d.nothing_to_update, 0)).toBe(1);
    const stats = await call(app.baseUrl, '/api/auth/credit-usage-stats', { token: user.token });
    expect(stats.body).toEqual({
      creditsUsed: 0,
      failedAttempts: 0,
      nothingToUpdate: 1,
    } satisfies CreditUsageAnswer);
  });

  it('a second ZIP change 50 ms after the first sees the first one’s values as ZipFill’s', async () => {
    const { portal } = await portalWith(EVERY_FIELD);
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '94105' });
    await new Promise((r) => setTimeout(r, 50));
    await edit(portal, id, { zip: '10001' });
    await settled(portal, 2);
    const record = await recordOf(portal, id);
    expect(record).toMatchObject(NEW_YORK);
    for (const value of Object.values(SAN_FRANCISCO)) expect(Object.values(record)).not.toContain(value);
  });
});
