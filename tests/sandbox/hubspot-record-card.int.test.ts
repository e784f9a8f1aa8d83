import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { createSandboxContact, mappedSandboxPortal, type SandboxPortal } from '../support/sandbox-portal';
import { creditsEvents, foldBalance, ofType, waitForOutcomes } from '../lookups/helpers';

/** The sandbox's page of a record with the ZipFill card beside it, as the pass holder's browser gets it. */
async function cardPage(baseUrl: string, portal: SandboxPortal, id: string, form?: Record<string, string>) {
  const response = await fetch(
    form
      ? `${baseUrl}/sandbox/hubspot/card`
      : `${baseUrl}/sandbox/hubspot/card?portalId=${portal.portalId}&type=contacts&id=${id}`,
    form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: portal.pass },
          body: new URLSearchParams({ portalId: portal.portalId, type: 'contacts', id, ...form }),
        }
      : { headers: { cookie: portal.pass } },
  );
  return { status: response.status, text: await response.text() };
}

// 08691 (Trenton, NJ) is also known as Robbinsville.
describe.each(behaviourBackends)('the sandbox CRM showing the ZipFill card on $name', (backend) => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(async () => app?.close());

  it('shows the card beside a record from ZipFill’s signed answer; Choose writes the other city free, Fill now looks it up', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '08691' });
    await waitForOutcomes(app.test.store, user.userId, 1);

    const shown = await cardPage(app.baseUrl, portal, id);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('ZIP <strong>08691</strong> resolves to Trenton, NJ, Mercer County, US.');
    // ZipFill's value, with when it wrote it (from the record's history).
    expect(shown.text).toMatch(
      /<tr><td>City<\/td><td>Trenton<\/td><td>Trenton<\/td><td>ZipFill, \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td><\/tr>/,
    );
    expect(shown.text).toContain('Use Robbinsville');

    const chosen = await cardPage(app.baseUrl, portal, id, {
      action: 'choose',
      field: 'city',
      value: 'Robbinsville',
    });
    expect(chosen.text).toContain('City set to Robbinsville as your own value, free: later lookups keep it.');
    expect(chosen.text).toContain(
      '<tr><td>City</td><td>Robbinsville</td><td>Trenton</td><td>A person</td></tr>',
    );

    const filled = await cardPage(app.baseUrl, portal, id, { action: 'fill' });
    expect(filled.text).toContain('Nothing to update');
    expect(filled.text).toContain('<tr><td>city</td><td>Robbinsville</td></tr>');

    const events = await creditsEvents(app.test.store, user.userId);
    expect(ofType(events, 'LookupSucceeded')).toHaveLength(1);
    expect(foldBalance(events).balance).toBe(49);
  });

  it('refuses the card of a record in a portal the pass holder does not own', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const other = await signUp(app.baseUrl);
    const theirs = await mappedSandboxPortal(app.baseUrl, other.token);
    const id = await createSandboxContact(app.baseUrl, theirs, { firstname: 'Bo', zip: '10001' });
    expect((await cardPage(app.baseUrl, { ...portal, portalId: theirs.portalId }, id)).status).toBe(404);
  });
});
