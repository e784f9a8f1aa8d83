import { describe, expect, it } from 'vitest';
import type { ZipTableFile } from '../../api/adapters/geocoder/zip-table-file';
import { zipTableFile } from './table';
import { diffAsMarkdown, diffZipTables } from './diff';

interface Row {
  zip: string;
  city: string;
  state: string;
  county: string;
  otherCities?: string[];
}

/** A table of a few US ZIPs, encoded as the build encodes the merged rows. */
const table = (version: string, rows: Row[]): ZipTableFile => ({
  ...zipTableFile(
    rows.map((r) => ({ otherCities: [], counties: [], timezone: null, ...r })),
    [],
    [],
  ),
  version,
});

const boston = { zip: '02128', city: 'Boston', state: 'MA', county: 'Suffolk County' };
const pierre = { zip: '57501', city: 'Pierre', state: 'SD', county: 'Hughes County' };
const frisco = { zip: '75034', city: 'Frisco', state: 'TX', county: 'Collin County' };

describe('the diff a ZIP table rebuild prints for review', () => {
  const diff = diffZipTables(
    table('aaaaaaaaaaaa', [
      boston,
      pierre,
      { zip: '96860', city: 'FPO', state: 'HI', county: 'Honolulu County' },
    ]),
    table('bbbbbbbbbbbb', [
      { ...boston, otherCities: ['East Boston'] },
      { ...pierre, county: 'Sully County' },
      frisco,
      { zip: '96860', city: 'Jbphh', state: 'HI', county: 'Honolulu County' },
    ]),
  );

  it('counts the ZIPs added and removed, the cities renamed and the dominant counties changed', () => {
    expect(diff).toMatchObject({
      from: 'aaaaaaaaaaaa',
      to: 'bbbbbbbbbbbb',
      added: { count: 1, examples: ['75034 Frisco, TX (Collin County)'] },
      removed: { count: 0, examples: [] },
      citiesRenamed: { count: 1, examples: ['96860 FPO → Jbphh'] },
      dominantCountiesChanged: { count: 1, examples: ['57501 Hughes County → Sully County'] },
      otherCityNamesChanged: { count: 1, examples: ['02128 [] → [East Boston]'] },
      statesChanged: { count: 0 },
    });
  });

  it('reads as Markdown with a count under each heading', () => {
    const text = diffAsMarkdown(diff);
    expect(text).toContain('## ZIPs added: 1');
    expect(text).toContain('## Preferred cities renamed: 1\n\n- 96860 FPO → Jbphh');
    expect(text).toContain('## ZIPs removed: 0');
  });
});
