import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../domain/eventstore/types';
import { backends } from '../support/databases';
import { eventStoreContract } from './contract';

for (const backend of backends) {
  eventStoreContract(backend.name, async () => {
    const t = await backend.open();
    return { store: t.store, close: t.close };
  });

  describe(`event ids on ${backend.name}`, () => {
    let t: Awaited<ReturnType<typeof backend.open>>;
    beforeAll(async () => {
      t = await backend.open();
    });
    afterAll(async () => t?.close());

    it('refuses an event id that another stream already holds, writing nothing', async () => {
      const taken = { id: randomUUID(), type: 'T', data: {} };
      await t.store.append(`a-${randomUUID()}`, [taken], { expected: 'no_stream' });
      const other = `b-${randomUUID()}`;
      await expect(t.store.append(other, [taken], { expected: 'any' })).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      expect(await t.store.readStream(other)).toEqual([]);
    });
  });
}
