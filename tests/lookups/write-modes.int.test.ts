import { describe, expect, it } from 'vitest';
import type { WriteMode } from '../../domain/portals/config';
import { lastWrittenValues } from '../../projections/writes/queries';
import { signUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { behaviourBackends } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { everyMode, FULL_CONFIG, freshPortalId } from '../support/portals';
import {
  foldBalance,
  ofType,
  lookupAppForSuite,
  waitForOutcomes,
  waitUntil,
  type LookupApp,
} from './helpers';

// Webhooks over HTTP into the service, the CRM's batch read and update over HTTP to the stand-in.
describe.each(behaviourBackends)('write modes and ZIP formats, on $name', (backend) => {
  let crm: CrmStandIn;
  let app: LookupApp;

  lookupAppForSuite(backend, (started) => ({ crm, app } = started));

  async function connectedUser(mode: WriteMode) {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId, {
      ...FULL_CONFIG,
      contact: { ...FULL_CONFIG.contact, modes: everyMode(mode) },
    });
    return { user, portalId };
  }

  it('in keep what people entered, moves what ZipFill wrote with the ZIP and leaves a value a person typed alone', async () => {
    const { user, portalId } = await connectedUser('keep_entered');
    crm.seed(portalId, 'contact', '51', {});
    await deliver(app.baseUrl, [zipChange(portalId, 51, '10001')]);
    await waitForOutcomes(app.test.store, user.userId, 1);
    expect(crm.recordOf(portalId, 'contact', '51')).toMatchObject({ city: 'New York', state: 'NY' });
    await waitUntil(
      async () =>
        (await lastWrittenValues(app.system, portalId, 'contact', ['51'])).get('51')?.state === 'NY',
    );

    // Someone corrects the state by hand; then the ZIP changes.
    crm.seed(portalId, 'contact', '51', {
      ...crm.recordOf(portalId, 'contact', '51'),
      state: 'New York State',
    });
    await deliver(app.baseUrl, [zipChange(portalId, 51, '94105')]);
    const stream = await waitForOutcomes(app.test.store, user.userId, 2);

    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(2);
    expect(crm.recordOf(portalId, 'contact', '51')).toMatchObject({
      city: 'San Francisco',
      state: 'New York State',
      county: 'San Francisco County',
    });
    expect(crm.writesFor(portalId).at(-1)?.properties).not.toHaveProperty('state');
    expect(foldBalance(stream).balance).toBe(48);
  });

  it('keeps a city the ZIP is also known by, even when always overwriting', async () => {
    const { user, portalId } = await connectedUser('always_overwrite');
    crm.seed(portalId, 'contact', '52', { city: 'East Boston', state: 'NY' });
    await deliver(app.baseUrl, [zipChange(portalId, 52, '02128')]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 1);
    expect(crm.recordOf(portalId, 'contact', '52')).toMatchObject({ city: 'East Boston', state: 'MA' });
    expect(crm.writesFor(portalId)[0]?.properties).not.toHaveProperty('city');
    expect(foldBalance(stream).balance).toBe(49);
  });

  it('charges and fills a ZIP+4, with or without its hyphen and with spaces around it', async () => {
    const { user, portalId } = await connectedUser('keep_entered');
    crm.seed(portalId, 'contact', '53', {});
    crm.seed(portalId, 'contact', '54', {});
    await deliver(app.baseUrl, [
      zipChange(portalId, 53, ' 02128-1234 '),
      zipChange(portalId, 54, '100011234'),
    ]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 2);
    expect(ofType(stream, 'LookupCharged')).toHaveLength(2);
    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(2);
    expect(crm.recordOf(portalId, 'contact', '53')).toMatchObject({ city: 'Boston', state: 'MA' });
    expect(crm.recordOf(portalId, 'contact', '54')).toMatchObject({ city: 'New York', state: 'NY' });
    expect(foldBalance(stream).balance).toBe(48);
  });
});
