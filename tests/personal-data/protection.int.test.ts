import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedEmail } from '../../domain/accounts/personal-data';
import { portalSubject, userSubject } from '../../domain/eventstore/personal-data';
import { START, type EventStore, type RecordedEvent } from '../../domain/eventstore/types';
import { personalData } from '../../domain/personal-data';
import { operationalDb } from '../../api/db/operational';
import { KEY_CACHE_MS, PostgresPersonalDataKeys } from '../../api/personal-data/keys';
import { PersonalDataProtectingStore } from '../../api/personal-data/protected-store';
import { behaviourBackends, type TestDatabase } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';

const registered = (userId: string, email: string) => ({
  id: randomUUID(),
  type: 'AccountRegistered',
  data: {
    userId,
    email,
    passwordHash: 'scrypt$hash',
    partner: null,
    registeredAt: '2026-11-28T10:00:00.000Z',
  },
});

/** What a store holds of its events, as text to search. */
const text = (events: RecordedEvent[]) =>
  JSON.stringify(events.map((e) => [e.streamName, e.type, e.data, e.metadata]));

async function allOf(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  // On PostgreSQL, catch-up reads what every older transaction on the server has let through.
  await store.awaitVisible();
  const { events } = await store.readAll({ after: START, limit: 100_000 });
  return events.filter((e) => e.streamName === stream);
}

for (const backend of [...behaviourBackends, kurrentdbBackend]) {
  describe(`personal data in events on ${backend.name}`, () => {
    let t: TestDatabase;
    let protectedStore: EventStore;
    let keys: PostgresPersonalDataKeys;
    beforeAll(async () => {
      t = await backend.open();
      keys = new PostgresPersonalDataKeys(operationalDb(t.database));
      protectedStore = new PersonalDataProtectingStore(t.store, keys, personalData);
    });
    afterAll(async () => t?.close());

    it('stores a personal field only encrypted, and every reader gets it back', async () => {
      const userId = randomUUID();
      const email = `${randomUUID()}@example.com`;
      const stream = `account-${userId}`;
      await protectedStore.append(stream, [registered(userId, email)], { expected: 'no_stream' });

      expect(text(await t.store.readStream(stream))).not.toContain(email);
      expect(text(await allOf(t.store, stream))).not.toContain('scrypt$hash');
      expect((await protectedStore.readStream(stream))[0]!.data.email).toBe(email);
      const page = await protectedStore.readStreamPage(stream, { fromRevision: 0n, limit: 10 });
      expect(page.events[0]!.data.email).toBe(email);
      expect((await allOf(protectedStore, stream))[0]!.data).toMatchObject({ userId, email, partner: null });
    });

    it('reads an erased field as its placeholder, the same for every reader, and the rest as written', async () => {
      const userId = randomUUID();
      const stream = `account-${userId}`;
      await protectedStore.append(stream, [registered(userId, `${randomUUID()}@example.com`)], {
        expected: 'no_stream',
      });
      await keys.shred([userSubject(userId)]);

      const [fromStream] = await protectedStore.readStream(stream);
      const [fromLog] = await allOf(protectedStore, stream);
      expect(fromStream!.data).toEqual({
        userId,
        email: erasedEmail(userId),
        passwordHash: '',
        partner: null,
        registeredAt: '2026-11-28T10:00:00.000Z',
      });
      expect(fromLog!.data).toEqual(fromStream!.data);
    });

    it("seals what a change replaced, what an undo wrote back and a workflow execution's kept answer, and reads them as erased once their keys go", async () => {
      const userId = randomUUID();
      const portalId = String(Date.now() % 1_000_000_000);
      const record = { portalId, objectType: 'contact', objectId: '77' };
      const succeeded = {
        id: randomUUID(),
        type: 'LookupSucceeded',
        data: {
          lookupId: `${portalId}-e1`,
          source: 'webhook',
          ...record,
          zip: '94105',
          requestedAt: '2026-11-27T10:00:00.000Z',
          filled: { city: 'San Francisco' },
          before: { city: 'Frisco Bay Street' },
          balanceAfter: 49,
          at: '2026-11-27T10:00:01.000Z',
        },
      };
      const undone = {
        id: randomUUID(),
        type: 'RecordChangeUndone',
        data: {
          lookupId: `${portalId}-e1`,
          ...record,
          restored: { city: 'Frisco Bay Street' },
          kept: [],
          at: '2026-11-27T11:00:00.000Z',
        },
      };
      const answered = {
        id: randomUUID(),
        type: 'WorkflowActionAnswered',
        data: {
          lookupId: `${portalId}-workflow-c1`,
          portalId,
          callbackId: 'c1',
          objectType: 'contact',
          objectId: '77',
          zip: '94105',
          requestedAt: '2026-11-27T10:00:00.000Z',
          userId,
          outputs: { city: 'San Francisco', outcome: 'filled' },
          settlement: {
            kind: 'succeeded',
            filled: { city: 'San Francisco' },
            before: { city: 'Frisco Bay Street' },
          },
          at: '2026-11-27T10:00:01.000Z',
        },
      };
      const credits = `credits-${userId}`;
      const undos = `record-${portalId}-contact-77`;
      const execution = `lookup-${portalId}-workflow-c1`;
      await protectedStore.append(credits, [succeeded], { expected: 'no_stream' });
      await protectedStore.append(undos, [undone], { expected: 'no_stream' });
      await protectedStore.append(execution, [answered], { expected: 'no_stream' });
      expect(text(await t.store.readStream(credits))).not.toContain('Frisco Bay Street');
      expect(text(await t.store.readStream(undos))).not.toContain('Frisco Bay Street');
      expect(text(await t.store.readStream(execution))).not.toContain('Frisco Bay Street');
      expect(text(await t.store.readStream(execution))).not.toContain('94105');
      expect((await protectedStore.readStream(credits))[0]!.data.before).toEqual({
        city: 'Frisco Bay Street',
      });

      await keys.shred([userSubject(userId), portalSubject(portalId)]);
      expect((await protectedStore.readStream(credits))[0]!.data).toMatchObject({
        zip: '',
        filled: {},
        before: {},
      });
      expect((await protectedStore.readStream(undos))[0]!.data).toMatchObject({ restored: {}, kept: [] });
      expect((await protectedStore.readStream(execution))[0]!.data).toMatchObject({
        zip: '',
        outputs: { city: '', outcome: 'portal_not_connected' },
        settlement: { kind: 'none' },
      });
    });

    it('reads events recorded before the protection as they were', async () => {
      const userId = randomUUID();
      const stream = `account-${userId}`;
      await t.store.append(stream, [registered(userId, 'plain@example.com')], { expected: 'no_stream' });
      expect((await protectedStore.readStream(stream))[0]!.data.email).toBe('plain@example.com');
    });

    it('stops another process from reading an erased field once its cached key expires', async () => {
      let now = 1_000_000;
      const otherProcess = new PersonalDataProtectingStore(
        t.store,
        new PostgresPersonalDataKeys(operationalDb(t.database), () => now),
        personalData,
      );
      const userId = randomUUID();
      const email = `${randomUUID()}@example.com`;
      const stream = `account-${userId}`;
      await protectedStore.append(stream, [registered(userId, email)], { expected: 'no_stream' });
      expect((await otherProcess.readStream(stream))[0]!.data.email).toBe(email);

      await keys.shred([userSubject(userId)]);
      expect((await protectedStore.readStream(stream))[0]!.data.email).toBe(erasedEmail(userId));
      now += KEY_CACHE_MS + 1;
      expect((await otherProcess.readStream(stream))[0]!.data.email).toBe(erasedEmail(userId));
    });

    it('gives a subject a new key after erasure, which never opens what the old one sealed', async () => {
      const userId = randomUUID();
      const before = `account-${userId}`;
      await protectedStore.append(before, [registered(userId, 'first@example.com')], {
        expected: 'no_stream',
      });
      await keys.shred([userSubject(userId)]);
      const after = `account-${userId}-again`;
      await protectedStore.append(after, [registered(userId, 'second@example.com')], {
        expected: 'no_stream',
      });

      expect((await protectedStore.readStream(before))[0]!.data.email).toBe(erasedEmail(userId));
      expect((await protectedStore.readStream(after))[0]!.data.email).toBe('second@example.com');
    });

    it('stores what arrives late for a person erased for good already erased, in every process', async () => {
      const userId = randomUUID();
      const otherProcess = new PersonalDataProtectingStore(
        t.store,
        new PostgresPersonalDataKeys(operationalDb(t.database)),
        personalData,
      );
      await keys.shred([userSubject(userId)], { forever: true });
      const stream = `account-${userId}`;
      await otherProcess.append(stream, [registered(userId, 'late@example.com')], { expected: 'no_stream' });

      expect(text(await t.store.readStream(stream))).not.toContain('late@example.com');
      expect((await protectedStore.readStream(stream))[0]!.data.email).toBe(erasedEmail(userId));
    });
  });
}
