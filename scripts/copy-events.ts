/**
 * Copies the event store from one database to another, e.g. from the embedded PGlite folder to
 * PostgreSQL when a deployment grows:
 *
 *   npm run events:copy -- --from ./data --to postgres://user@host/db
 *
 * Either side is a DATA_DIR folder or a postgres:// URL. Stop the app first. The target must
 * hold no events; read models rebuild from the copied log when the app starts on it.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { copyEvents, type CopyProgress } from '../api/adapters/eventstore/postgres/copy';
import { connectPostgres, openPglite, type Database } from '../api/db/database';

const isUrl = (where: string) => /^postgres(ql)?:\/\//.test(where);

function open(where: string): Promise<Database> {
  return isUrl(where) ? connectPostgres({ url: where, poolSize: 2 }) : openPglite(where);
}

/** The place without its password, for messages. */
function describe(where: string): string {
  if (!isUrl(where)) return where;
  const url = new URL(where);
  url.password = '';
  return url.toString();
}

interface Progress {
  update(progress: CopyProgress): void;
  stop(): void;
}

function progressBars(): Progress {
  const bars = new cliProgress.MultiBar(
    { format: ' {table} [{bar}] {value}/{total}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const shown = new Map<CopyProgress['table'], cliProgress.SingleBar>();
  return {
    update({ table, copied, total }) {
      const bar = shown.get(table) ?? bars.create(total, 0, { table: table.padEnd(10) });
      shown.set(table, bar);
      bar.update(copied);
    },
    stop: () => bars.stop(),
  };
}

/** Without a terminal (a log, a pipe) bars would garble; one line per table instead. */
function progressLines(): Progress {
  return {
    update({ table, copied, total }) {
      if (copied === total) console.log(` ${table}: ${copied} copied`);
    },
    stop: () => undefined,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) {
    console.error(
      'Usage: npm run events:copy -- --from <DATA_DIR or postgres URL> --to <postgres URL or DATA_DIR>',
    );
    process.exitCode = 2;
    return;
  }
  const source = await open(values.from);
  const target = await open(values.to).catch(async (error: unknown) => {
    await source.close();
    throw error;
  });
  const progress = process.stdout.isTTY ? progressBars() : progressLines();
  try {
    console.log(`Copying events from ${describe(values.from)} to ${describe(values.to)}`);
    const result = await copyEvents(source.db, target.db, {
      onProgress: progress.update,
    });
    progress.stop();
    console.log(
      `Copied ${result.streams} streams, ${result.events} events and ${result.keys} personal-data keys; the target's epoch is now ${result.epoch}.`,
    );
  } finally {
    progress.stop();
    await source.close();
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
