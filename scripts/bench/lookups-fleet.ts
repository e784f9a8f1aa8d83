/**
 * The lookup pipeline on a fleet: one and then two built-server processes (`npm start`'s
 * command) on a fresh PostgreSQL database each, behind a round-robin balancer. For each: the
 * latency of a quiet portal's lookups (5/s, one per webhook, as small businesses send them), the
 * lookups/s sustained when more is offered than the fleet can take, the latency at 500 lookups/s
 * offered, and with two, how long after a SIGKILL of the lookup processor's process the other
 * one runs it. Beside the saturation figure: the server's raw append rate for the appends a
 * lookup made (no projections, no processes), as lookups/s, and the share the fleet reached.
 */
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { connectPostgres } from '../../api/db/database';
import { LOOKUP_PROCESSOR_LOCK } from '../../api/lookups/processor';
import { buildFleetServer, startFleet } from '../../tests/support/fleet';
import { openPostgresSchema } from './eventstore';
import { appendsPerLookup, rawAppendLimit, type AppendsPerLookup } from './eventstore-workloads';
import { loadCustomers, measure, offerLookups } from './fleet-load';
import { loadAverage, LOOKUPS_WARM_UP, shareOf, type BenchRow } from './report';

const USERS = 10;
const QUIET_RATE = 5;
const QUIET_SECONDS = 20;
const STEADY_RATE = 500;
const STEADY_SECONDS = 8;
const SATURATING_RATE = 3_000;
const SATURATING_SECONDS = 4;

/** What the lookups at saturation appended to the fleet's log, per lookup. */
async function shapeOf(databaseUrl: string, since: number, lookups: number): Promise<AppendsPerLookup> {
  const database = await connectPostgres({ url: databaseUrl, poolSize: 1 });
  try {
    return await appendsPerLookup(database.db, new Date(since), lookups);
  } finally {
    await database.close();
  }
}

/** The server's raw append rate for that shape, in a schema of its own, once the fleet has stopped. */
async function rawLimit(postgresUrl: string, shape: AppendsPerLookup) {
  const { database, close } = await openPostgresSchema(postgresUrl);
  try {
    await migrateEventStore(database.db, database.schema);
    return await rawAppendLimit(new PostgresEventStore(database.db, database.kind), shape, {
      writers: 16,
      seconds: 3,
    });
  } finally {
    await close();
  }
}

export async function runFleetLookups(postgresUrl: string, log: (line: string) => void): Promise<BenchRow[]> {
  const build = await buildFleetServer();
  const rows: BenchRow[] = [];
  try {
    for (const processes of [1, 2]) {
      const fleet = await startFleet(processes, build.command, {
        serverUrl: postgresUrl,
        name: `bench_fleet${processes}`,
      });
      try {
        const contacts =
          (LOOKUPS_WARM_UP.perSec * LOOKUPS_WARM_UP.seconds +
            QUIET_RATE * QUIET_SECONDS +
            STEADY_RATE * STEADY_SECONDS +
            SATURATING_RATE * SATURATING_SECONDS +
            1_000) /
          USERS;
        const customers = await loadCustomers(fleet, USERS, contacts);
        await measure(
          fleet,
          await offerLookups(fleet, customers, LOOKUPS_WARM_UP.perSec, LOOKUPS_WARM_UP.seconds),
        );
        const quiet = await measure(
          fleet,
          await offerLookups(fleet, customers, QUIET_RATE, QUIET_SECONDS, 1),
        );
        const steadyLoad = loadAverage();
        const steady = await measure(
          fleet,
          await offerLookups(fleet, customers, STEADY_RATE, STEADY_SECONDS),
        );
        const saturatingLoad = loadAverage();
        const saturating = await offerLookups(fleet, customers, SATURATING_RATE, SATURATING_SECONDS);
        const saturated = await measure(fleet, saturating);
        const shape = await shapeOf(fleet.databaseUrl, saturating.startedAt, saturated.lookups);
        const row: BenchRow = {
          target: `PostgreSQL fleet: ${processes} process${processes > 1 ? 'es' : ''}`,
          [`p50/p99 ms at ${QUIET_RATE}/s`]: `${quiet.p50ms}/${quiet.p99ms}`,
          [`p50/p99 ms at ${STEADY_RATE}/s`]: `${steady.p50ms}/${steady.p99ms}`,
          [`ended at ${STEADY_RATE}/s`]: `${steady.ended}/${steady.lookups}`,
          [`sustained/s (${SATURATING_RATE}/s offered)`]: saturated.sustainedPerSec,
          [`ended at ${SATURATING_RATE}/s`]: `${saturated.ended}/${saturated.lookups}`,
          failedDeliveries: quiet.failedDeliveries + steady.failedDeliveries + saturated.failedDeliveries,
          takeoverMs: processes > 1 ? (await fleet.killHolderOf(LOOKUP_PROCESSOR_LOCK)).takeoverMs : '',
          load1m: `${steadyLoad}/${saturatingLoad}`,
        };
        await fleet.close();
        const limitLoad = loadAverage();
        const limit = await rawLimit(postgresUrl, shape);
        row['raw limit lookups/s'] = Math.round(limit.lookupsPerSec);
        row.share = shareOf(saturated.sustainedPerSec, limit.lookupsPerSec);
        row.load1m = `${row.load1m}/${limitLoad}`;
        rows.push(row);
        log(JSON.stringify(row));
      } finally {
        await fleet.close();
      }
    }
  } finally {
    build.remove();
  }
  return rows;
}
