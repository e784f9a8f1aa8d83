import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordHistoryAnswer, RecordUndoAnswer } from '../../api/record-history/contract';
import { call, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { createSandboxContact, mappedSandboxPortal, type SandboxPortal } from '../support/sandbox-portal';
import { sandboxContacts } from '../lookups/sandbox-records';

/** City always overwritten (so a person's City is replaced and comes back on undo); the rest as default. */
const MAPPING = {
  contact: {
    city: 'city',
    state: 'state',
    county: 'county',
    country: '',
    updateTimezone: true,
    modes: { city: 'always_overwrite' },
  },
  company: { city: 'city', state: 'state', county: '', country: '' },
};

// A person uses the sandbox CRM's records page; its webhooks reach the service, which writes back.
describe.each(behaviourBackends)('a record’s history and undo, on $name', (backend) => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(async () => app?.close());

  const { recordOf, settled, balanceOf, edit } = sandboxContacts(() => app);
  const path = (portal: SandboxPortal, id: string, objectType = 'contact') =>
    `/api/hubspot/records/${portal.portalId}/${objectType}/${id}`;

  /** A contact whose City a person typed, filled by a webhook lookup of 94105. */
  async function filledContact() {
    const user = await signUp(app.baseUrl);
    const portal = await mappedSandboxPortal(app.baseUrl, user.token, MAPPING);
    const id = await createSandboxContact(app.baseUrl, portal, {
      firstname: 'Ada',
      city: 'Frisco',
      zip: '94105',
    });
    await settled(portal, 1);
    expect(await recordOf(portal, id)).toMatchObject({
      city: 'San Francisco',
      state: 'CA',
      county: 'San Francisco County',
      hs_timezone: 'america_slash_los_angeles',
    });
    return { user, portal, id };
  }

  it('undoes a webhook lookup’s change exactly, empty values included, keeps the field a person edited since, and moves no credit', async () => {
    const { user, portal, id } = await filledContact();
    await edit(portal, id, { state: 'California' });
    const balance = await balanceOf(user.userId);

    const undo = await call(app.baseUrl, `${path(portal, id)}/undo`, { method: 'POST', token: user.token });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({
      outcome: 'undone',
      restored: { city: 'Frisco', county: '', hs_timezone: '' },
      kept: [{ property: 'state', reason: 'changed_since' }],
    } satisfies Partial<RecordUndoAnswer>);
    expect((undo.body as RecordUndoAnswer).message).toContain('refunds nothing');
    expect(await recordOf(portal, id)).toMatchObject({
      city: 'Frisco',
      state: 'California',
      county: '',
      hs_timezone: '',
    });
    expect(await balanceOf(user.userId)).toBe(balance);

    const again = await call(app.baseUrl, `${path(portal, id)}/undo`, { method: 'POST', token: user.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ outcome: 'already_undone', restored: {}, kept: [] });
    expect(await recordOf(portal, id)).toMatchObject({ city: 'Frisco', state: 'California', county: '' });
    expect(await balanceOf(user.userId)).toBe(balance);
  });

  it('answers a record’s history: the change with each field before → after, and its undo, newest first', async () => {
    const { user, portal, id } = await filledContact();
    const history = async () => {
      const answer = await call(app.baseUrl, `${path(portal, id)}/history`, { token: user.token });
      expect(answer.status).toBe(200);
      return answer.body as RecordHistoryAnswer;
    };
    const before = await history();
    expect(before.undo).toEqual({ available: true });
    expect(before.entries).toEqual([
      {
        kind: 'change',
        lookupId: expect.any(String),
        at: expect.any(String),
        source: { kind: 'live' },
        zip: '94105',
        fields: expect.arrayContaining([
          { property: 'city', before: 'Frisco', after: 'San Francisco' },
          { property: 'state', before: '', after: 'CA' },
          { property: 'county', before: '', after: 'San Francisco County' },
        ]),
        credits: 1,
        undone: false,
      },
    ]);

    expect(
      (await call(app.baseUrl, `${path(portal, id)}/undo`, { method: 'POST', token: user.token })).status,
    ).toBe(200);
    await app.system.runner.settled();
    const after = await history();
    expect(after.undo).toMatchObject({ available: false, reason: expect.stringContaining('already undone') });
    expect(after.entries.map((e) => e.kind)).toEqual(['undo', 'change']);
    expect(after.entries[0]).toMatchObject({
      credits: 0,
      fields: expect.arrayContaining([{ property: 'city', before: 'San Francisco', after: 'Frisco' }]),
    });
    expect(after.entries[1]).toMatchObject({ undone: true });
  });

  it('refuses another account’s portal (404), an unknown object type or a record id that is not one (400), and a record ZipFill never changed (409)', async () => {
    const { portal, id } = await filledContact();
    const stranger = await signUp(app.baseUrl);
    const theirs = await call(app.baseUrl, `${path(portal, id)}/history`, { token: stranger.token });
    expect(theirs).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining('no such HubSpot connection') },
    });
    const undoTheirs = await call(app.baseUrl, `${path(portal, id)}/undo`, {
      method: 'POST',
      token: stranger.token,
    });
    expect(undoTheirs.status).toBe(404);

    const owner = await signUp(app.baseUrl);
    const own = await mappedSandboxPortal(app.baseUrl, owner.token);
    const deal = await call(app.baseUrl, `${path(own, '1', 'deal')}/history`, { token: owner.token });
    expect(deal).toMatchObject({ status: 400, body: { error: expect.stringContaining('objectType') } });
    const badId = await call(app.baseUrl, `${path(own, 'abc')}/history`, { token: owner.token });
    expect(badId).toMatchObject({ status: 400, body: { error: expect.stringContaining('objectId') } });
    const untouched = await call(app.baseUrl, `${path(own, '123')}/undo`, {
      method: 'POST',
      token: owner.token,
    });
    expect(untouched).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('nothing to undo') },
    });
    expect((await call(app.baseUrl, `${path(own, '123')}/history`)).status).toBe(401);
  });

  it('erases the values a change replaced and an undo wrote back when the account is deleted', async () => {
    const { user, portal, id } = await filledContact();
    expect(
      (await call(app.baseUrl, `${path(portal, id)}/undo`, { method: 'POST', token: user.token })).status,
    ).toBe(200);
    await app.system.runner.settled();
    const rows = () =>
      app.system.readModels
        .selectFrom('record_history')
        .select(['kind', 'zip', 'filled', 'before_values', 'restored'])
        .where('portal_id', '=', portal.portalId)
        .where('object_id', '=', id)
        .orderBy('kind')
        .execute();
    expect(JSON.stringify(await rows())).toContain('Frisco');

    const deleted = await call(app.baseUrl, '/api/auth/account', {
      method: 'DELETE',
      token: user.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBeLessThan(300);
    await app.system.runner.settled();
    expect(await rows()).toEqual([
      { kind: 'change', zip: '', filled: '{}', before_values: '{}', restored: null },
      { kind: 'undo', zip: '', filled: '{}', before_values: null, restored: '{}' },
    ]);
  });
});
