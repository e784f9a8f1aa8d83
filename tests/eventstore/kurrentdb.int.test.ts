import { connectKurrent } from '../../api/adapters/eventstore/kurrentdb/store';
import { KurrentDbStandIn } from '../support/kurrentdb/server';
import { eventStoreContract } from './contract';

/**
 * The KurrentDB adapter's contract, over the client's own gRPC protocol: against the local
 * stand-in on every run, or, when EVENTSTORE_URL names one, against that real server instead
 * (e.g. EVENTSTORE_URL=kurrentdb://127.0.0.1:2113?tls=false with docker-compose.yml's KurrentDB).
 */
const url = process.env.EVENTSTORE_URL;

eventStoreContract(
  url ? 'kurrentdb' : 'kurrentdb stand-in',
  async () => {
    const node = url ? undefined : await KurrentDbStandIn.start();
    const store = await connectKurrent(url ?? node!.url);
    return {
      store,
      async close() {
        await store.close();
        await node?.close();
      },
    };
  },
  // The stand-in orders $all by construction; 16 writers still interleave, in a third of the time.
  url ? undefined : { writers: 16, events: 4_000 },
);
