import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVALID_CARD_SIGNATURE } from '../../api/record-card/signed';
import type {
  CardUndoAnswer,
  ChooseAnswer,
  FillNowAnswer,
  RecordCardAnswer,
} from '../../api/record-card/contract';
import type { WriteMode } from '../../domain/portals/config';
import { call, signUp, type SignedUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { behaviourBackends } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { freshPortalId, fullConfigIn } from '../support/portals';
import { callCard } from '../support/record-card';
import {
  creditsEvents,
  lookupAppForSuite,
  ofType,
  waitForOutcomes,
  waitUntil,
  type LookupApp,
} from '../lookups/helpers';

// 08691 (Trenton, NJ) is also known as Robbinsville, and reaches from Mercer into Monmouth County.
const TRENTON = '08691';

describe.each(behaviourBackends)('the ZipFill card on a HubSpot record, on $name', (backend) => {
  let crm: CrmStandIn;
  let app: LookupApp;

  lookupAppForSuite(backend, (started) => ({ crm, app } = started));

  async function connected(
    mode: WriteMode = 'always_overwrite',
  ): Promise<{ user: SignedUp; portalId: string }> {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId, fullConfigIn(mode));
    return { user, portalId };
  }

  const contact = (portalId: string, objectId: string) => ({
    portalId,
    objectType: 'contacts' as const,
    objectId,
  });

  /** The card, once the read models have the record's last lookup. */
  async function cardOnceLookedUp(portalId: string, objectId: string): Promise<RecordCardAnswer> {
    let card: RecordCardAnswer | undefined;
    await waitUntil(async () => {
      const answer = await callCard(app.baseUrl, contact(portalId, objectId), '', undefined);
      card = answer.body as RecordCardAnswer;
      return answer.status === 200 && card.lastLookup !== null && card.lastLookup.outcome !== 'pending';
    });
    return card!;
  }

  it('shows a signed call the record’s ZIP, what it resolves to with every accepted city and county, each field and the last lookup in words', async () => {
    const { user, portalId } = await connected();
    crm.seed(portalId, 'contact', '11', { zip: TRENTON });
    await deliver(app.baseUrl, [zipChange(portalId, 11, TRENTON)]);
    await waitForOutcomes(app.test.store, user.userId, 1);

    const card = await cardOnceLookedUp(portalId, '11');
    expect(card.zip).toMatchObject({
      status: 'found',
      property: 'zip',
      value: TRENTON,
      place: { city: 'Trenton', state: 'NJ', county: 'Mercer County', country: 'US' },
      cities: ['Trenton', 'Robbinsville'],
      counties: [
        { county: 'Mercer County', state: 'NJ' },
        { county: 'Monmouth County', state: 'NJ' },
      ],
    });
    expect(card.fields.find((f) => f.field === 'city')).toMatchObject({
      property: 'city',
      value: 'Trenton',
      resolved: 'Trenton',
      writtenBy: 'zipfill',
      writtenAt: card.lastLookup!.at,
    });
    expect(card.lastLookup).toMatchObject({
      zip: TRENTON,
      outcome: 'filled',
      words: 'Filled',
      source: 'webhook',
      sourceWords: 'Live: the ZIP changed in HubSpot',
      credits: 1,
    });
    expect(card.lowBalance).toBeNull();
    expect(card.actions).toEqual({
      fillNow: true,
      choose: ['city', 'county'],
      undo: { label: 'Undo ZipFill’s last change', path: '/undo' },
    });
  });

  it('Undo puts back what the record held before ZipFill’s last change, keeps what a person changed since, charges nothing, and is offered no more', async () => {
    const { user, portalId } = await connected();
    crm.seed(portalId, 'contact', '31', { zip: '10001', city: 'Gotham' });
    await deliver(app.baseUrl, [zipChange(portalId, 31, '10001')]);
    await waitForOutcomes(app.test.store, user.userId, 1);
    expect(crm.recordOf(portalId, 'contact', '31')).toMatchObject({ city: 'New York', state: 'NY' });
    // A person then types their own state over ZipFill's.
    crm.seed(portalId, 'contact', '31', { ...crm.recordOf(portalId, 'contact', '31'), state: 'New York' });

    const creditsBefore = await creditsEvents(app.test.store, user.userId);
    const undone = await callCard(app.baseUrl, contact(portalId, '31'), '/undo', {});
    expect(undone.status).toBe(200);
    expect((undone.body as CardUndoAnswer).words).toMatch(
      /^Restored city, .*Kept state.*free and refunds nothing/,
    );
    expect(crm.recordOf(portalId, 'contact', '31')).toMatchObject({ city: 'Gotham', state: 'New York' });
    expect((undone.body as CardUndoAnswer).card.actions.undo).toBeUndefined();
    // Nothing charged, nothing refunded: the credits stream is as it was.
    expect(await creditsEvents(app.test.store, user.userId)).toEqual(creditsBefore);

    const again = await callCard(app.baseUrl, contact(portalId, '31'), '/undo', {});
    expect((again.body as CardUndoAnswer).words).toMatch(/already undone/);
    expect(crm.recordOf(portalId, 'contact', '31')).toMatchObject({ city: 'Gotham', state: 'New York' });
  });

  it('Fill now looks the record up once, charges exactly one credit and writes; a retried request is the same lookup', async () => {
    const { user, portalId } = await connected();
    crm.seed(portalId, 'contact', '21', { zip: '10001' });
    const fillId = randomUUID();

    const first = await callCard(app.baseUrl, contact(portalId, '21'), '/fill', { fillId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'filled', words: 'Filled' } satisfies Partial<FillNowAnswer>);
    expect((first.body as FillNowAnswer).card.fields.find((f) => f.field === 'city')?.value).toBe('New York');
    expect(crm.recordOf(portalId, 'contact', '21')).toMatchObject({ city: 'New York', state: 'NY' });

    const retried = await callCard(app.baseUrl, contact(portalId, '21'), '/fill', { fillId });
    expect(retried.body).toMatchObject({ outcome: 'filled' });
    const events = await creditsEvents(app.test.store, user.userId);
    expect(ofType(events, 'LookupCharged')).toMatchObject([
      { objectId: '21', source: 'workflow', credits: 1 },
    ]);
    expect(ofType(events, 'LookupSucceeded')).toHaveLength(1);

    const card = await cardOnceLookedUp(portalId, '21');
    expect(card.lastLookup).toMatchObject({ outcome: 'filled', sourceWords: 'Fill now on this card' });
  });

  it('Fill now charges nothing for a lookup that fails, and says why', async () => {
    const { user, portalId } = await connected();
    crm.seed(portalId, 'contact', '22', { zip: '00000' });
    const answer = await callCard(app.baseUrl, contact(portalId, '22'), '/fill', { fillId: randomUUID() });
    expect(answer.body).toMatchObject({ outcome: 'failed' });
    expect((answer.body as FillNowAnswer).words).toMatch(/^Failed: .*not charged/);
    const events = await creditsEvents(app.test.store, user.userId);
    expect(ofType(events, 'LookupCharged')).toEqual([]);
  });

  it('Choose writes an accepted city and county as the person’s own, free, and a later lookup keeps them', async () => {
    const { user, portalId } = await connected('keep_entered');
    crm.seed(portalId, 'contact', '31', { zip: TRENTON });
    await callCard(app.baseUrl, contact(portalId, '31'), '/fill', { fillId: randomUUID() });
    await waitForOutcomes(app.test.store, user.userId, 1);

    const city = await callCard(app.baseUrl, contact(portalId, '31'), '/choose', {
      field: 'city',
      value: 'Robbinsville',
    });
    expect(city.status).toBe(200);
    expect((city.body as ChooseAnswer).words).toMatch(/^City set to Robbinsville .*later lookups keep it/);
    const county = await callCard(app.baseUrl, contact(portalId, '31'), '/choose', {
      field: 'county',
      value: 'monmouth county',
    });
    expect(county.status).toBe(200);
    expect(crm.recordOf(portalId, 'contact', '31')).toMatchObject({
      city: 'Robbinsville',
      county: 'Monmouth County',
      state: 'NJ',
    });
    expect((county.body as ChooseAnswer).card.fields.find((f) => f.field === 'county')).toMatchObject({
      value: 'Monmouth County',
      writtenBy: 'person',
    });
    expect(ofType(await creditsEvents(app.test.store, user.userId), 'LookupCharged')).toHaveLength(1);

    await deliver(app.baseUrl, [zipChange(portalId, 31, TRENTON)]);
    const events = await waitForOutcomes(app.test.store, user.userId, 2);
    expect(ofType(events, 'LookupCharged')).toHaveLength(2);
    expect(ofType(events, 'LookupSucceeded')).toHaveLength(1);
    expect(crm.recordOf(portalId, 'contact', '31')).toMatchObject({
      city: 'Robbinsville',
      county: 'Monmouth County',
    });
  });

  it('Choose refuses a value that is not one of the ZIP’s cities or counties', async () => {
    const { portalId } = await connected();
    crm.seed(portalId, 'contact', '32', { zip: TRENTON });
    const answer = await callCard(app.baseUrl, contact(portalId, '32'), '/choose', {
      field: 'city',
      value: 'Phoenix',
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        error: '"Phoenix" is not a city name of ZIP 08691; choose one of: Trenton, Robbinsville.',
      },
    });
    expect(crm.writesFor(portalId)).toEqual([]);
  });

  it('shows the balance when it is below the account’s notification threshold', async () => {
    const { user, portalId } = await connected();
    crm.seed(portalId, 'contact', '41', {});
    expect(
      (await call(app.baseUrl, '/api/auth/credit-threshold', { token: user.token, body: { threshold: 100 } }))
        .status,
    ).toBe(200);
    // The threshold (and the sign-up's credits) reach the read models a moment after they are saved.
    let answer: { status: number; body: unknown } | undefined;
    await waitUntil(async () => {
      answer = await callCard(app.baseUrl, contact(portalId, '41'), '', undefined);
      return (answer.body as RecordCardAnswer).lowBalance?.threshold === 100;
    });
    expect(answer?.body).toMatchObject({
      zip: { status: 'none', property: 'zip' },
      lowBalance: { threshold: 100 },
      actions: { fillNow: false, choose: [] },
    });
  });

  describe('refuses', () => {
    const unsigned = { status: 401, body: { error: INVALID_CARD_SIGNATURE } };

    it('a call without HubSpot’s signature, with a wrong one, or signed more than five minutes ago', async () => {
      const { portalId } = await connected();
      crm.seed(portalId, 'contact', '51', { zip: '10001' });
      const record = contact(portalId, '51');
      expect(await callCard(app.baseUrl, record, '', undefined, { unsigned: true })).toEqual(unsigned);
      expect(await callCard(app.baseUrl, record, '', undefined, { secret: 'not-the-app-secret' })).toEqual(
        unsigned,
      );
      expect(
        await callCard(app.baseUrl, record, '', undefined, { timestamp: Date.now() - 6 * 60_000 }),
      ).toEqual(unsigned);
      expect(
        await callCard(app.baseUrl, record, '/fill', { fillId: randomUUID() }, { unsigned: true }),
      ).toEqual(unsigned);
      expect(crm.writesFor(portalId)).toEqual([]);
    });

    it('a call HubSpot signed for another portal than the one it names', async () => {
      const { portalId } = await connected();
      crm.seed(portalId, 'contact', '52', { zip: '10001' });
      const other = freshPortalId();
      expect(
        await callCard(app.baseUrl, contact(portalId, '52'), '', undefined, { signedPortal: other }),
      ).toEqual({
        status: 403,
        body: {
          error: `This request is signed for portal ${other}, not portal ${portalId}: a card reads only the records of the portal it sits in.`,
        },
      });
    });

    it('a portal no ZipFill account has connected', async () => {
      const portalId = freshPortalId();
      crm.seed(portalId, 'contact', '53', { zip: '10001' });
      const answer = await callCard(app.baseUrl, contact(portalId, '53'), '', undefined);
      expect(answer.status).toBe(403);
      expect((answer.body as { error: string }).error).toMatch(
        new RegExp(`^HubSpot portal ${portalId} is not connected to a ZipFill account`),
      );
    });

    it('a record of another portal', async () => {
      const { portalId } = await connected();
      const { portalId: elsewhere } = await connected();
      crm.holdsOnlyKnownRecords(portalId);
      crm.seed(elsewhere, 'contact', '54', { zip: '10001' });
      expect(await callCard(app.baseUrl, contact(portalId, '54'), '', undefined)).toEqual({
        status: 404,
        body: { error: `Portal ${portalId} has no contact with id 54.` },
      });
      expect(
        (await callCard(app.baseUrl, contact(portalId, '54'), '/fill', { fillId: randomUUID() })).status,
      ).toBe(404);
      expect(crm.writesFor(elsewhere)).toEqual([]);
    });
  });
});
