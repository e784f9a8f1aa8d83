// What a rebuild changes in the committed ZIP table, in the terms a reviewer checks: ZIPs added
// and removed, preferred cities renamed, dominant counties changed, with counts and examples.
import type { ZipTableFile } from '../../api/adapters/geocoder/zip-table-file';

interface ZipFacts {
  city: string;
  state: string;
  county: string | null;
  otherCities: string;
  counties: string;
}

/** The committed file may be of the format before this one: its columns are read alike. */
type AnyTableFile = Pick<ZipTableFile, 'strings'> & {
  version?: string;
  us: Pick<ZipTableFile['us'], 'zips' | 'city' | 'state' | 'county' | 'otherCities'> & {
    counties?: number[];
  };
};

function factsByZip(file: AnyTableFile): Map<string, ZipFacts> {
  const name = (i: number | undefined) => (i === undefined || i < 0 ? null : (file.strings[i] ?? null));
  const facts = new Map<string, ZipFacts>();
  const { zips, city, state, county, otherCities, counties = [] } = file.us;
  const spansOfRow = new Map<number, string>();
  for (let at = 0; at < counties.length;) {
    const row = counties[at++] ?? 0;
    const n = counties[at++] ?? 0;
    const spans: string[] = [];
    for (let k = 0; k < n; k++, at += 3)
      spans.push(
        `${name(counties[at]) ?? ''} ${name(counties[at + 1]) ?? ''} ${(counties[at + 2] ?? 0) / 100}%`,
      );
    spansOfRow.set(row, spans.join('; '));
  }
  for (let row = 0; row * 5 < zips.length; row++) {
    const zip = zips.slice(row * 5, row * 5 + 5);
    facts.set(zip, {
      city: name(city[row]) ?? '',
      state: name(state[row]) ?? '',
      county: name(county[row]),
      otherCities: (otherCities[zip] ?? []).map(name).join('; '),
      counties: spansOfRow.get(row) ?? '',
    });
  }
  return facts;
}

export interface ChangeList {
  count: number;
  /** The first EXAMPLES, in ZIP order. */
  examples: string[];
}

export interface ZipTableDiff {
  from: string;
  to: string;
  added: ChangeList;
  removed: ChangeList;
  citiesRenamed: ChangeList;
  statesChanged: ChangeList;
  dominantCountiesChanged: ChangeList;
  otherCityNamesChanged: ChangeList;
  countySharesChanged: ChangeList;
}

const EXAMPLES = 25;

function changeList(): ChangeList & { add(line: string): void } {
  const list = {
    count: 0,
    examples: [] as string[],
    add(line: string) {
      list.count++;
      if (list.examples.length < EXAMPLES) list.examples.push(line);
    },
  };
  return list;
}

const place = (f: ZipFacts) => `${f.city}, ${f.state} (${f.county ?? 'no county'})`;

export function diffZipTables(before: AnyTableFile, after: ZipTableFile): ZipTableDiff {
  const old = factsByZip(before);
  const now = factsByZip(after);
  const lists = {
    added: changeList(),
    removed: changeList(),
    citiesRenamed: changeList(),
    statesChanged: changeList(),
    dominantCountiesChanged: changeList(),
    otherCityNamesChanged: changeList(),
    countySharesChanged: changeList(),
  };
  for (const zip of [...new Set([...old.keys(), ...now.keys()])].sort()) {
    const a = old.get(zip);
    const b = now.get(zip);
    if (!a && b) lists.added.add(`${zip} ${place(b)}`);
    else if (a && !b) lists.removed.add(`${zip} ${place(a)}`);
    else if (a && b) {
      if (a.city !== b.city) lists.citiesRenamed.add(`${zip} ${a.city} → ${b.city}`);
      if (a.state !== b.state) lists.statesChanged.add(`${zip} ${a.state} → ${b.state}`);
      if (a.county !== b.county)
        lists.dominantCountiesChanged.add(`${zip} ${a.county ?? 'none'} → ${b.county ?? 'none'}`);
      if (a.otherCities !== b.otherCities)
        lists.otherCityNamesChanged.add(`${zip} [${a.otherCities}] → [${b.otherCities}]`);
      if (a.counties !== b.counties)
        lists.countySharesChanged.add(`${zip} [${a.counties}] → [${b.counties}]`);
    }
  }
  const plain = ({ count, examples }: ChangeList): ChangeList => ({ count, examples });
  return {
    from: before.version ?? 'unversioned',
    to: after.version,
    added: plain(lists.added),
    removed: plain(lists.removed),
    citiesRenamed: plain(lists.citiesRenamed),
    statesChanged: plain(lists.statesChanged),
    dominantCountiesChanged: plain(lists.dominantCountiesChanged),
    otherCityNamesChanged: plain(lists.otherCityNamesChanged),
    countySharesChanged: plain(lists.countySharesChanged),
  };
}

const HEADINGS: Record<Exclude<keyof ZipTableDiff, 'from' | 'to'>, string> = {
  added: 'ZIPs added',
  removed: 'ZIPs removed',
  citiesRenamed: 'Preferred cities renamed',
  statesChanged: 'States changed',
  dominantCountiesChanged: 'Dominant counties changed',
  otherCityNamesChanged: 'Other accepted city names changed',
  countySharesChanged: 'Counties spanned or their shares changed',
};

/** The diff as the Markdown file a reviewer reads beside the table. */
export function diffAsMarkdown(diff: ZipTableDiff): string {
  const lines = [`# ZIP table changes: ${diff.from} → ${diff.to}`, ''];
  for (const [key, heading] of Object.entries(HEADINGS) as Array<[keyof typeof HEADINGS, string]>) {
    const { count, examples } = diff[key];
    lines.push(`## ${heading}: ${count}`, '');
    for (const example of examples) lines.push(`- ${example}`);
    if (count > examples.length) lines.push(`- … and ${count - examples.length} more`);
    if (examples.length > 0) lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
