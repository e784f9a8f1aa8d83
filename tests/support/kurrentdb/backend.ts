import { connectKurrent } from '../../../api/adapters/eventstore/kurrentdb/store';
import { pgliteBackend, postgresBackend, testDatabaseUrl, type Backend } from '../databases';
import { KurrentDbStandIn } from './server';

export interface KurrentNodeOptions {
  /** Lose the answer to every nth write once it is committed (the write stands). */
  loseEveryNthAnswer?: number;
  /** The connection string's defaultDeadline: how long the adapter waits for an answer. */
  deadlineMs?: number;
  /** Fail over this often (ms), the new leader knowing none of the recent event ids. */
  failoverEveryMs?: number;
}

/**
 * The production shape: events in KurrentDB (a stand-in node of its own), read models and
 * everything else in PostgreSQL when TEST_DATABASE_URL names a server, PGlite otherwise.
 */
export function kurrentdbBackendOf(options: KurrentNodeOptions = {}): Backend {
  return {
    name: 'kurrentdb',
    async open() {
      const node = await KurrentDbStandIn.start();
      node.writes.loseEveryNthAnswer = options.loseEveryNthAnswer ?? 0;
      const failovers = options.failoverEveryMs
        ? setInterval(() => node.failover(), options.failoverEveryMs)
        : undefined;
      const url = options.deadlineMs ? `${node.url}&defaultDeadline=${options.deadlineMs}` : node.url;
      const { database, close } = await (testDatabaseUrl ? postgresBackend : pgliteBackend).open();
      try {
        const store = await connectKurrent(url);
        return {
          database,
          store,
          env: { EVENTSTORE_URL: url },
          async close() {
            clearInterval(failovers);
            await store.close();
            await close();
            await node.close();
          },
        };
      } catch (error) {
        clearInterval(failovers);
        await close();
        await node.close();
        throw error;
      }
    },
  };
}

export const kurrentdbBackend: Backend = kurrentdbBackendOf();
