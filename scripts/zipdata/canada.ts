// Province and time zone of a Canadian forward sortation area (FSA), from Canada Post's
// first-letter districts plus the FSAs whose clocks differ from their province's default
// (found by running geo-tz over 1,611 FSA centroids; see api/zipdata/SOURCES.md).

const PROVINCE_BY_FIRST_LETTER: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

/** X is shared by the two northern territories. */
const NORTHERN_FSAS: Record<string, { province: string; timezone: string }> = {
  X0A: { province: 'NU', timezone: 'America/Iqaluit' },
  X0B: { province: 'NU', timezone: 'America/Cambridge_Bay' },
  X0C: { province: 'NU', timezone: 'America/Rankin_Inlet' },
  X0E: { province: 'NT', timezone: 'America/Edmonton' },
  X0G: { province: 'NT', timezone: 'America/Edmonton' },
  X1A: { province: 'NT', timezone: 'America/Edmonton' },
};

const DEFAULT_ZONE_BY_PROVINCE: Record<string, string> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NB: 'America/Moncton',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
};

const ZONE_EXCEPTIONS: Record<string, string> = {
  // BC on Mountain time
  V0A: 'America/Edmonton',
  V1A: 'America/Edmonton',
  V1C: 'America/Edmonton',
  // BC on UTC-7 all year
  V0B: 'America/Creston',
  V0C: 'America/Dawson_Creek',
  V1G: 'America/Dawson_Creek',
  V1J: 'America/Dawson_Creek',
  // Labrador on Atlantic time
  A0P: 'America/Goose_Bay',
  A0R: 'America/Goose_Bay',
  A2V: 'America/Goose_Bay',
  // North-western Ontario on Central time
  P0V: 'America/Winnipeg',
  P0W: 'America/Winnipeg',
  P0X: 'America/Winnipeg',
  P0Y: 'America/Winnipeg',
  P8N: 'America/Winnipeg',
  P8T: 'America/Winnipeg',
  P9A: 'America/Winnipeg',
  P9N: 'America/Winnipeg',
  // Magdalen Islands on Atlantic time; Côte-Nord east on UTC-4 all year
  G0B: 'America/Halifax',
  G4T: 'America/Halifax',
  G0G: 'America/Blanc-Sablon',
  // Saskatchewan towns that keep Central daylight time or Alberta's clock
  S0P: 'America/Winnipeg',
  S9V: 'America/Edmonton',
};

/** H0H 0H0 is Santa Claus's address, not a place. */
const NOT_PLACES = new Set(['H0H']);

export interface FsaZone {
  province: string;
  timezone: string;
}

export function fsaZone(fsa: string): FsaZone | undefined {
  if (NOT_PLACES.has(fsa)) return undefined;
  const northern = NORTHERN_FSAS[fsa];
  if (northern) return northern;
  const province = PROVINCE_BY_FIRST_LETTER[fsa.charAt(0)];
  if (!province) return undefined;
  const timezone = ZONE_EXCEPTIONS[fsa] ?? DEFAULT_ZONE_BY_PROVINCE[province];
  return timezone ? { province, timezone } : undefined;
}

/**
 * The zone's standard-time offset written `UTC-05:00`: the offset in January, when no Canadian
 * zone keeps daylight time.
 */
export function standardOffsetLabel(timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(Date.UTC(2026, 0, 15, 12)));
  const gmt = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (!/^GMT([+-]\d\d:\d\d)?$/.test(gmt)) throw new Error(`Unexpected offset "${gmt}" for ${timezone}`);
  return gmt === 'GMT' ? 'UTC+00:00' : gmt.replace('GMT', 'UTC');
}

/** The Canadian FSA rows, sorted; each FSA with its province, offset label and IANA zone. */
export function canadianFsas(
  knownFsas: string[],
): Array<{ fsa: string; province: string; county: string; timezone: string }> {
  const rows = [];
  for (const fsa of [...new Set(knownFsas)].sort()) {
    if (!/^[A-Z][0-9][A-Z]$/.test(fsa)) throw new Error(`Malformed FSA "${fsa}" in the source`);
    const zone = fsaZone(fsa);
    if (zone) rows.push({ fsa, ...zone, county: standardOffsetLabel(zone.timezone) });
  }
  return rows;
}
