import { describe, expect, it } from 'vitest';
import { lookupIdOf, lookupStream } from '../../domain/lookups/events';
import { signUp } from '../support/app';
import { behaviourBackends, type Backend } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { freshPortalId } from '../support/portals';
import { lookupAppForSuite, type LookupApp } from './helpers';

/** The service with one user's portal connected, started for the suite that calls it. */
function connectedPortalForSuite(
  backend: Backend,
  started: (value: { app: LookupApp; portalId: string }) => void,
): void {
  lookupAppForSuite(backend, async ({ app }) => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    started({ app, portalId });
  });
}

describe.each(behaviourBackends)('the HubSpot webhook signature on $name', (backend) => {
  let app: LookupApp;
  let portalId: string;
  connectedPortalForSuite(backend, (started) => ({ app, portalId } = started));

  async function expectRefusedAndNothingRecorded(
    options: Parameters<typeof deliver>[2],
    event = zipChange(portalId, 1, '10001'),
  ) {
    const answer = await deliver(app.baseUrl, [event], options);
    expect(answer).toEqual({
      status: 401,
      body: { error: 'The webhook signature is missing, wrong or too old.' },
    });
    const lookupId = lookupIdOf(portalId, String(event.eventId));
    expect(await app.test.store.readStream(lookupStream(lookupId))).toEqual([]);
  }

  it('records a correctly signed batch, whatever Host header the request came with', async () => {
    const event = zipChange(portalId, 2, '10001');
    const answer = await deliver(app.baseUrl, [event], { headers: { host: 'evil.example' } });
    expect(answer).toMatchObject({ status: 200, body: { recorded: 1 } });
    const stream = await app.test.store.readStream(lookupStream(lookupIdOf(portalId, String(event.eventId))));
    expect(stream.map((e) => e.type)).toEqual(['LookupRequested']);
  });

  it('refuses a tampered body with 401 and records nothing', async () => {
    await expectRefusedAndNothingRecorded({ tamper: (body) => body.replace('10001', '90210') });
  });

  it('refuses a signature made with another secret', async () => {
    await expectRefusedAndNothingRecorded({ secret: 'not-the-client-secret' });
  });

  it('refuses a timestamp more than five minutes old', async () => {
    await expectRefusedAndNothingRecorded({ timestamp: Date.now() - 5 * 60_000 - 1_000 });
  });

  it('refuses a timestamp more than a minute in the future', async () => {
    await expectRefusedAndNothingRecorded({ timestamp: Date.now() + 61_000 });
  });

  it('refuses a request without a signature', async () => {
    await expectRefusedAndNothingRecorded({ headers: { 'x-hubspot-signature-v3': '' } });
  });

  it('answers 400 to a signed body that is not a list of events', async () => {
    const answer = await deliver(app.baseUrl, { eventId: 1 } as never);
    expect(answer).toMatchObject({ status: 400, body: { error: expect.stringMatching(/JSON array/) } });
  });
});

describe.each(behaviourBackends)('a signed webhook carrying control characters on $name', (backend) => {
  let app: LookupApp;
  let portalId: string;
  connectedPortalForSuite(backend, (started) => ({ app, portalId } = started));

  it('records the lookup without the NUL and other control characters PostgreSQL cannot store', async () => {
    const event = zipChange(portalId, 3, '100\u000001\u0007', { propertyName: 'zip\u0000' });
    const answer = await deliver(app.baseUrl, [event]);
    expect(answer).toMatchObject({ status: 200, body: { recorded: 1 } });
    const [requested] = await app.test.store.readStream(
      lookupStream(lookupIdOf(portalId, String(event.eventId))),
    );
    expect(requested?.data).toMatchObject({ zip: '10001', propertyName: 'zip' });
  });
});
