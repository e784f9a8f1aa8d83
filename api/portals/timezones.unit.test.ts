import { describe, expect, it } from 'vitest';
import { hubspotTimezoneValue, timezoneOption } from './timezones';

const options = [
  'america_slash_new_york',
  'america_slash_chicago',
  'america_slash_denver',
  'america_slash_phoenix',
  'america_slash_los_angeles',
  'america_slash_port_hyphen_au_hyphen_prince',
  'us_slash_eastern',
  'pacific_slash_honolulu',
];

describe('hs_timezone options', () => {
  it('writes IANA names the way HubSpot spells its options', () => {
    expect(hubspotTimezoneValue('America/Port-au-Prince')).toBe('america_slash_port_hyphen_au_hyphen_prince');
    expect(hubspotTimezoneValue('America/Indiana/Indianapolis')).toBe(
      'america_slash_indiana_slash_indianapolis',
    );
  });

  it('picks the option named after the zone when the portal has it', () => {
    expect(timezoneOption(options, 'America/Chicago', 2026)).toBe('america_slash_chicago');
    expect(timezoneOption(options, 'America/Port-au-Prince', 2026)).toBe(
      'america_slash_port_hyphen_au_hyphen_prince',
    );
  });

  it('falls back to a city zone with the same clock all year when the zone has no option', () => {
    expect(timezoneOption(options, 'America/Indiana/Indianapolis', 2026)).toBe('america_slash_new_york');
    expect(timezoneOption(options, 'America/Menominee', 2026)).toBe('america_slash_chicago');
    expect(timezoneOption(options, 'America/Boise', 2026)).toBe('america_slash_denver');
  });

  it('does not mistake Arizona, which keeps standard time, for Mountain time', () => {
    expect(timezoneOption(options, 'America/Phoenix', 2026)).toBe('america_slash_phoenix');
    expect(timezoneOption(['america_slash_denver'], 'America/Phoenix', 2026)).toBeUndefined();
  });

  it('answers nothing for an unknown zone', () => {
    expect(timezoneOption(options, 'Mars/Olympus_Mons', 2026)).toBeUndefined();
  });
});
