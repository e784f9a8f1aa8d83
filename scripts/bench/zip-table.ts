// Benchmark: our embedded ZIP table against the `zipcodes` npm package, on the same random set
// of real ZIPs (known to both). Run through the bench dispatcher (`npm run bench`).
import type { ParsedPostalCode } from '../../domain/lookups/postal-code';
import { seededRandom } from '../../api/seeded-random';
import { parsePostalCode } from '../../domain/lookups/postal-code';
import { loadZipTable } from '../../api/adapters/geocoder/zip-table';

const SAMPLE_SIZE = 20_000;
const ROUND_MS = 200;
const ROUNDS = 5;
const SEED = 20_261_122;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function rssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

/** One timed round: whole passes over the sample until ROUND_MS has gone by; lookups per second. */
function round<T>(codes: readonly T[], lookup: (code: T) => unknown): number {
  let found = 0;
  let lookups = 0;
  const started = performance.now();
  let elapsed: number;
  do {
    for (const code of codes) if (lookup(code) !== undefined) found++;
    lookups += codes.length;
    elapsed = performance.now() - started;
  } while (elapsed < ROUND_MS);
  if (found !== lookups) throw new Error(`Only ${found} of ${lookups} benchmark lookups found a place`);
  return lookups / (elapsed / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Median lookups/s of each contender over ROUNDS rounds, after one warm-up round each. The rounds
 * are interleaved so that load from other processes on the machine hits every contender alike.
 */
function lookupsPerSecond(contenders: Array<() => number>): number[] {
  for (const run of contenders) run();
  const results = contenders.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++) contenders.forEach((run, i) => results[i]?.push(run()));
  return results.map((rates) => Math.round(median(rates)));
}

const tenths = (n: number) => Number(n.toFixed(1));

export async function runZipTableBench(): Promise<{
  name: string;
  rows: Array<Record<string, string | number>>;
}> {
  const heapBefore = heapMb();
  const rssBefore = rssMb();
  const table = loadZipTable();
  const ours = { loadMs: table.loadMs, heapMb: heapMb() - heapBefore, rssMb: rssMb() - rssBefore };

  const started = performance.now();
  const { default: zipcodes } = await import('zipcodes');
  const theirs = { loadMs: performance.now() - started, heapMb: heapMb() - heapBefore - ours.heapMb };
  const theirsRss = rssMb() - rssBefore - ours.rssMb;

  const shared = Object.keys(zipcodes.codes).filter((code) => {
    const parsed = parsePostalCode(code);
    return parsed.kind === 'us' && table.resolve(parsed) !== undefined;
  });
  const random = seededRandom(SEED);
  const sample = Array.from(
    { length: SAMPLE_SIZE },
    () => shared[Math.floor(random() * shared.length)] ?? '',
  );
  const parsed = sample.map((code) => parsePostalCode(code) as ParsedPostalCode);

  const [oursResolve = 0, oursParseAndResolve = 0, theirsLookup = 0] = lookupsPerSecond([
    () => round(parsed, (code) => table.resolve(code)),
    () =>
      round(sample, (code) => {
        const p = parsePostalCode(code);
        return p.kind === 'invalid' ? undefined : table.resolve(p);
      }),
    () => round(sample, (code) => zipcodes.lookup(code)),
  ]);

  const common = { sampleZips: SAMPLE_SIZE, zipsKnownToBoth: shared.length };
  return {
    name: 'ZIP table lookups',
    rows: [
      {
        subject: 'zip-table (ours): resolve',
        zipsInTable: table.usZipCount,
        loadMs: tenths(ours.loadMs),
        heapMb: tenths(ours.heapMb),
        rssMb: tenths(ours.rssMb),
        lookupsPerSec: oursResolve,
        ...common,
      },
      {
        subject: 'zip-table (ours): parse + resolve',
        zipsInTable: table.usZipCount,
        loadMs: tenths(ours.loadMs),
        heapMb: tenths(ours.heapMb),
        rssMb: tenths(ours.rssMb),
        lookupsPerSec: oursParseAndResolve,
        ...common,
      },
      {
        subject: 'zipcodes@8 npm package: lookup',
        zipsInTable: Object.values(zipcodes.codes).filter((z) => z.country === 'US').length,
        loadMs: tenths(theirs.loadMs),
        heapMb: tenths(theirs.heapMb),
        rssMb: tenths(theirsRss),
        lookupsPerSec: theirsLookup,
        ...common,
      },
    ],
  };
}
