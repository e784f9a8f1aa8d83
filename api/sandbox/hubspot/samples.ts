import { readFileSync } from 'node:fs';
import { seededRandom } from '../../seeded-random';
import { sql } from 'kysely';
import type { SandboxDb } from '../db';
import { ZIP_TABLE_FILE } from '../../adapters/geocoder/zip-table';
import type { ZipTableFile } from '../../adapters/geocoder/zip-table-file';
import type { Properties, SandboxObjectType } from './records';

/**
 * Sample records for trying a backfill: a portal's worth of contacts or companies as an import
 * leaves them, most with a ZIP and nothing else of their address, and the cases a backfill must
 * tell apart. The same seed gives the same records.
 */
const MIX = [
  ['zip', 62],
  ['zip+4 with a dash', 4],
  ['zip+4 in nine digits', 3],
  ['city already filled', 10],
  ['city filled with an accepted other name', 4],
  ['invalid zip', 5],
  ['unknown zip', 5],
  ['no zip', 7],
] as const;
export type SampleKind = (typeof MIX)[number][0];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

interface KnownZip {
  zip: string;
  city: string;
  state: string;
  otherCities?: string[];
}

interface SampleZips {
  known: KnownZip[];
  withOtherCities: KnownZip[];
  isKnown(zip: string): boolean;
}

let zips: SampleZips | undefined;

/** The product's own US ZIP table, so a "valid" sample ZIP is one a lookup resolves. */
function sampleZips(): SampleZips {
  if (zips) return zips;
  const file = JSON.parse(readFileSync(ZIP_TABLE_FILE, 'utf8')) as ZipTableFile;
  const { us, strings } = file;
  const known: KnownZip[] = [];
  for (let row = 0; row < us.zips.length / 5; row++) {
    const city = strings[us.city[row] ?? -1];
    const state = strings[us.state[row] ?? -1];
    if (city && state) known.push({ zip: us.zips.slice(row * 5, row * 5 + 5), city, state });
  }
  const byZip = new Map(known.map((k) => [k.zip, k]));
  const withOtherCities: KnownZip[] = [];
  for (const [zip, indexes] of Object.entries(us.otherCities)) {
    const place = byZip.get(zip);
    const names = indexes.map((i) => strings[i]).filter((n): n is string => !!n);
    if (place && names.length) withOtherCities.push(Object.assign(place, { otherCities: names }));
  }
  zips = { known, withOtherCities, isKnown: (zip) => byZip.has(zip) };
  return zips;
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Katherine',
  'Linus',
];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Johnson'];
const COMPANY = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell', 'Soylent'];
const SUFFIX = ['Inc', 'LLC', 'Corp', 'Co', 'Group', 'Labs'];

export interface SampleRecord {
  kind: SampleKind;
  properties: Properties;
  /** How long before now the record last changed, so "changed since" has something to select. */
  ageMs: number;
}

/** `count` sample records of one type, the same for the same seed. */
export function sampleRecords(type: SandboxObjectType, count: number, seed: number): SampleRecord[] {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const { known, withOtherCities, isKnown } = sampleZips();
  const records: SampleRecord[] = [];
  for (let i = 0; i < count; i++) {
    let roll = rnd() * MIX_TOTAL;
    const kind = MIX.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'zip';
    const place = pick(kind === 'city filled with an accepted other name' ? withOtherCities : known);
    const plus4 = String(Math.floor(rnd() * 10_000)).padStart(4, '0');
    const address: Properties = {};
    if (kind === 'zip') address.zip = place.zip;
    if (kind === 'zip+4 with a dash') address.zip = `${place.zip}-${plus4}`;
    if (kind === 'zip+4 in nine digits') address.zip = `${place.zip}${plus4}`;
    if (kind === 'city already filled')
      Object.assign(address, { zip: place.zip, city: place.city, state: place.state });
    if (kind === 'city filled with an accepted other name')
      Object.assign(address, { zip: place.zip, city: pick(place.otherCities ?? [place.city]) });
    if (kind === 'invalid zip')
      address.zip = rnd() < 0.5 ? place.zip.slice(1) : pick(['ABCDE', '1234X', '00-00']);
    if (kind === 'unknown zip') {
      let zip = place.zip;
      for (let tries = 0; isKnown(zip) && tries < 100; tries++)
        zip = String(Math.floor(rnd() * 100_000)).padStart(5, '0');
      address.zip = zip;
    }
    if (kind === 'no zip' && rnd() < 0.5) address.zip = '';
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = `${pick(COMPANY)} ${pick(SUFFIX)}`;
    const n = Math.floor(rnd() * 1_000_000);
    const who: Properties =
      type === 'contacts'
        ? { firstname: first, lastname: last, email: `${first}.${last}.${n}@example.com`.toLowerCase() }
        : { name: company, domain: `${company.replace(/\W+/g, '-')}-${n}.example.com`.toLowerCase() };
    records.push({ kind, properties: { ...who, ...address }, ageMs: Math.floor(rnd() * 90 * 24 * 3600_000) });
  }
  return records;
}

/** Rows per INSERT: one statement's worth of parameters, well under PostgreSQL's 65,535. */
const BATCH = 1000;

/**
 * Adds sample records to a portal in a few multi-row inserts, ids from the sandbox's sequence.
 * Sends no webhook: like an import, it leaves the filling to a backfill.
 */
export async function addSampleRecords(
  db: SandboxDb,
  options: {
    portalId: string;
    objectType: SandboxObjectType;
    count: number;
    seed: number;
    now: Date;
    onProgress?: (added: number) => void;
  },
): Promise<{ added: number; kinds: Record<string, number> }> {
  const records = sampleRecords(options.objectType, options.count, options.seed);
  const kinds: Record<string, number> = {};
  for (const r of records) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  const now = options.now.getTime();
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    const { rows } = await sql<{ id: string }>`
      SELECT nextval('sandbox_record_ids')::text AS id FROM generate_series(1, ${batch.length}::int)`.execute(
      db,
    );
    await db
      .insertInto('sandbox_records')
      .values(
        batch.map((r, i) => {
          const id = rows[i]!.id;
          const updated = new Date(now - r.ageMs);
          const created = new Date(updated.getTime() - (r.ageMs % (30 * 24 * 3600_000)));
          return {
            portal_id: options.portalId,
            object_type: options.objectType,
            id,
            properties: JSON.stringify({
              ...r.properties,
              hs_object_id: id,
              createdate: created.toISOString(),
            }),
            last_change_source: 'CRM_UI',
            created_at: created,
            updated_at: updated,
          };
        }),
      )
      .execute();
    options.onProgress?.(start + batch.length);
  }
  // Fresh statistics, or the planner may read a whole portal through the search index to find
  // one record by id (PGlite runs no autovacuum; PostgreSQL's comes round later).
  await sql`ANALYZE sandbox_records`.execute(db);
  return { added: records.length, kinds };
}
