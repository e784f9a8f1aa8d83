import { connectKurrent } from '../../../api/adapters/eventstore/kurrentdb/store';
import { pgliteBackend, postgresBackend, testDatabaseUrl, type Backend } from '../databases';
import { KurrentDbStandIn } from './server';

/**
 * The production shape: events in KurrentDB (a stand-in node of its own), read models and
 * everything else in PostgreSQL when TEST_DATABASE_URL names a server, PGlite otherwise.
 */
export const kurrentdbBackend: Backend = {
  name: 'kurrentdb',
  async open() {
    const node = await KurrentDbStandIn.start();
    const { database, close } = await (testDatabaseUrl ? postgresBackend : pgliteBackend).open();
    try {
      const store = await connectKurrent(node.url);
      return {
        database,
        store,
        env: { EVENTSTORE_URL: node.url },
        async close() {
          await store.close();
          await close();
          await node.close();
        },
      };
    } catch (error) {
      await close();
      await node.close();
      throw error;
    }
  },
};
