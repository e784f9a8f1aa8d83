import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import {
  createSandboxContact,
  mappedSandboxPortal,
  postSandboxForm,
  type SandboxPortal,
} from '../support/sandbox-portal';
import { creditsEvents, foldBalance, ofType } from '../lookups/helpers';

/** Posts the sandbox's "Run workflow action" form as the pass holder's browser; answers the page. */
async function runFromSandbox(baseUrl: string, portal: SandboxPortal, fields: Record<string, string>) {
  const response = await fetch(`${baseUrl}/sandbox/hubspot/workflow-action`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: portal.pass },
    body: new URLSearchParams({ portalId: portal.portalId, type: 'contacts', ...fields }),
  });
  const text = await response.text();
  const outputs = Object.fromEntries(
    [...text.matchAll(/<tr><td>(\w+)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]),
  );
  return { status: response.status, outputs, callbackId: /Execution (ap-[^<]+)<\/h2>/.exec(text)?.[1] };
}

/** Runs the action with the ZIP taken from the record's `zip` property. */
const runOnZipProperty = (
  baseUrl: string,
  portal: SandboxPortal,
  fields: { id: string; writeMapped: 'true' | 'false'; callbackId?: string },
) => runFromSandbox(baseUrl, portal, { zipFrom: 'property:zip', ...fields });

describe.each(behaviourBackends)('the sandbox CRM running the workflow action on $name', (backend) => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(async () => app?.close());

  it('runs the action on a record as HubSpot does, with the ZIP from a property or a fixed value, and a retry is charged once', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const id = await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip: '10001' });
    const page = await fetch(
      `${app.baseUrl}/sandbox/hubspot/workflow-action?portalId=${portal.portalId}&type=contacts&id=${id}`,
      { headers: { cookie: portal.pass } },
    );
    expect(await page.text()).toContain('Run workflow action');

    const fromProperty = await runOnZipProperty(app.baseUrl, portal, { id, writeMapped: 'false' });
    expect(fromProperty).toMatchObject({
      status: 200,
      outputs: {
        city: 'New York',
        state: 'NY',
        country: 'US',
        timezone: 'America/New_York',
        outcome: 'filled',
      },
    });
    const retried = await runOnZipProperty(app.baseUrl, portal, {
      id,
      writeMapped: 'false',
      callbackId: fromProperty.callbackId!,
    });
    expect(retried.outputs).toEqual(fromProperty.outputs);

    const fixed = await runFromSandbox(app.baseUrl, portal, { id, zipFrom: 'fixed', fixedZip: 'M5V 3L9' });
    expect(fixed.outputs).toMatchObject({ state: 'ON', country: 'CA', outcome: 'filled' });

    const events = await creditsEvents(app.test.store, user.userId);
    const workflowCharges = ofType(events, 'LookupCharged').filter((c) => c.source === 'workflow');
    expect(workflowCharges.map((c) => c.zip)).toEqual(['10001', 'M5V 3L9']);
  });

  it('refuses to run the action on a record of a portal the pass holder does not own', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const other = await signUp(app.baseUrl);
    const theirs = await mappedSandboxPortal(app.baseUrl, other.token);
    const id = await createSandboxContact(app.baseUrl, theirs, { firstname: 'Bo', zip: '10001' });
    const answer = await runFromSandbox(app.baseUrl, { ...portal, portalId: theirs.portalId }, { id });
    expect(answer.status).toBe(404);
  });

  it('answers FAIL_CONTINUE with crm_validation_failed, free, when HubSpot refuses a mapped value the action writes', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const id = await app.system.sandboxCrm!.store.createRecord(portal.portalId, 'contacts', {
      zip: '27101',
    });
    await postSandboxForm(app.baseUrl, 'validation-rules', portal, {
      type: 'contacts',
      property: 'city',
      rule: 'letters_only',
    });
    const run = await runOnZipProperty(app.baseUrl, portal, { id, writeMapped: 'true' });
    expect(run).toMatchObject({
      status: 200,
      outputs: { city: '', outcome: 'crm_validation_failed', hs_execution_state: 'FAIL_CONTINUE' },
    });
    const events = await creditsEvents(app.system.store, user.userId);
    expect(ofType(events, 'LookupFailed')).toEqual([
      expect.objectContaining({
        reason: 'crm_validation_failed',
        detail: 'HubSpot refused the value for City: Enter only letters',
      }),
    ]);
    expect(foldBalance(events).balance).toBe(50);
  });
});
