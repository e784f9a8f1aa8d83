import { connectKurrent } from '../../api/adapters/eventstore/kurrentdb/store';
import { eventStoreContract } from './contract';

// Runs against a real KurrentDB node, e.g. EVENTSTORE_URL=kurrentdb://127.0.0.1:2113?tls=false.
const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('kurrentdb', async () => {
    const store = await connectKurrent(url);
    return { store, close: () => store.close() };
  });
}
