import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUBSPOT_PATHS } from '../../api/adapters/hubspot/api-version';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import {
  createSandboxContact,
  mappedSandboxPortal,
  postSandboxForm,
  type SandboxPortal,
} from '../support/sandbox-portal';
import { foldBalance, ofType, waitForOutcomes } from '../lookups/helpers';

describe.each(behaviourBackends)('the sandbox CRM’s property validation rules, on $name', (backend) => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(async () => app?.close());

  const api = async (portal: SandboxPortal, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const token = await app.system.hubspot.tokens.accessToken(portal.portalId);
    const response = await fetch(`${app.baseUrl}/sandbox/hubspot${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const recordsPage = async (portal: SandboxPortal) =>
    (
      await fetch(`${app.baseUrl}/sandbox/hubspot/records?portalId=${portal.portalId}`, {
        headers: { cookie: portal.pass },
      })
    ).text();

  it('takes "letters only" on City from the records page, reports it on the 2026-03 validations API, and ZipFill’s write of Winston-Salem is refused', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const back = await postSandboxForm(app.baseUrl, 'validation-rules', portal, {
      type: 'contacts',
      property: 'city',
      rule: 'letters_only',
    });
    expect(back.searchParams.get('notice')).toBe('rules');
    expect(await recordsPage(portal)).toContain('<code>city</code>, letters only');
    expect(await api(portal, 'GET', HUBSPOT_PATHS.propertyValidations('0-1'))).toMatchObject({
      status: 200,
      body: {
        results: expect.arrayContaining([
          {
            propertyName: 'city',
            propertyValidationRules: [{ ruleType: 'ALPHANUMERIC', ruleArguments: ['ALPHA_ONLY'] }],
          },
        ]),
      },
    });

    const id = await createSandboxContact(app.baseUrl, portal, { zip: '27101' });
    const events = await waitForOutcomes(app.system.store, user.userId, 1);
    expect(ofType(events, 'LookupFailed')).toEqual([
      expect.objectContaining({
        objectId: id,
        reason: 'crm_validation_failed',
        detail: 'HubSpot refused the value for City: Enter only letters',
      }),
    ]);
    expect(foldBalance(events).balance).toBe(50);
  });

  it('refuses a whole batch update with one value against a rule, naming the property and not the record', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const store = app.system.sandboxCrm!.store;
    const good = await store.createRecord(portal.portalId, 'contacts', { zip: '10001' });
    const bad = await store.createRecord(portal.portalId, 'contacts', { zip: '27101' });
    await postSandboxForm(app.baseUrl, 'validation-rules', portal, {
      type: 'contacts',
      property: 'city',
      rule: 'letters_only',
    });
    const refused = await api(portal, 'POST', HUBSPOT_PATHS.batchUpdate('contacts'), {
      inputs: [
        { id: good, properties: { city: 'New York' } },
        { id: bad, properties: { city: 'Winston-Salem' } },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    const message = String(refused.body.message);
    expect(message).toMatch(/^Property values were not valid: \[/);
    expect(JSON.parse(message.slice(message.indexOf('[')))).toEqual([
      expect.objectContaining({ isValid: false, name: 'city', message: 'Enter only letters' }),
    ]);
    expect(message).not.toContain(bad);
    const [a, b] = await store.records(portal.portalId, 'contacts', [good, bad]);
    expect([a?.properties.city, b?.properties.city]).toEqual([undefined, undefined]);

    await postSandboxForm(app.baseUrl, 'validation-rules', portal, {
      type: 'contacts',
      property: 'city',
      rule: 'none',
    });
    expect(
      (
        await api(portal, 'POST', HUBSPOT_PATHS.batchUpdate('contacts'), {
          inputs: [{ id: bad, properties: { city: 'Winston-Salem' } }],
        })
      ).status,
    ).toBe(200);
  });

  it('holds "required when another property has a value" on the record as the write leaves it', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const store = app.system.sandboxCrm!.store;
    const withCounty = await store.createRecord(portal.portalId, 'contacts', { county: 'Cook County' });
    const without = await store.createRecord(portal.portalId, 'contacts', {});
    await postSandboxForm(app.baseUrl, 'validation-rules', portal, {
      type: 'contacts',
      property: 'county',
      rule: 'required_when:state',
    });
    const update = (id: string) =>
      api(portal, 'POST', HUBSPOT_PATHS.batchUpdate('contacts'), {
        inputs: [{ id, properties: { state: 'IL' } }],
      });
    expect((await update(withCounty)).status).toBe(200);
    const refused = await update(without);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toContain('Required when State/Region has a value');
  });

  it('answers 400 to a rule it does not know, and 401 without the sandbox pass', async () => {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token);
    const post = (cookie: string, rule: string) =>
      fetch(`${app.baseUrl}/sandbox/hubspot/validation-rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ portalId: portal.portalId, type: 'contacts', property: 'city', rule }),
        redirect: 'manual',
      });
    expect((await post(portal.pass, 'uppercase_only')).status).toBe(400);
    expect((await post(portal.pass, 'required_when:city')).status).toBe(400);
    expect((await post('', 'letters_only')).status).toBe(401);
  });
});
