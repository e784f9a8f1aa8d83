import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectKurrent, KurrentEventStore } from '../../api/adapters/eventstore/kurrentdb/store';
import { EventStoreUnavailableError, START } from '../../domain/eventstore/types';

/** A local port nothing listens on, so every connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('the KurrentDB event store when KurrentDB cannot be reached', () => {
  let url: string;
  let store: KurrentEventStore;
  beforeAll(async () => {
    url = `kurrentdb://127.0.0.1:${await closedPort()}?tls=false`;
    store = new KurrentEventStore(KurrentDBClient.connectionString(url));
  });
  afterAll(async () => store?.close());

  it('refuses to start, saying the event store is unavailable', async () => {
    await expect(connectKurrent(url)).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('reports appends and reads as unavailable rather than as bugs', async () => {
    const event = { id: randomUUID(), type: 'CreditsGranted', data: { credits: 100 } };
    await expect(store.append('portal-1', [event], { expected: 'no_stream' })).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
    await expect(store.readStream('portal-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readAll({ after: START, limit: 10 })).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });

  it('keeps running when the live wake-up subscription cannot connect', async () => {
    const off = store.onAppended(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    off();
    await expect(store.readAll({ after: START, limit: 1 })).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });
});
