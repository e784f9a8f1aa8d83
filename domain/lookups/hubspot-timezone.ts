/**
 * HubSpot's `hs_timezone` is an enumeration whose option values are IANA names in lower case,
 * with `/` written `_slash_` and `-` written `_hyphen_` (America/Port-au-Prince becomes
 * `america_slash_port_hyphen_au_hyphen_prince`). A raw IANA name is rejected by the enum.
 */

/** Zones HubSpot lists only under a legacy alias. */
const LEGACY_ALIASES: Readonly<Record<string, string>> = {
  'Pacific/Kwajalein': 'kwajalein',
};

/** The `hs_timezone` option value for an IANA zone name. */
export function hubspotTimezoneValue(ianaZone: string): string {
  if (Object.hasOwn(LEGACY_ALIASES, ianaZone)) return LEGACY_ALIASES[ianaZone]!;
  return ianaZone.toLowerCase().replaceAll('/', '_slash_').replaceAll('-', '_hyphen_');
}
