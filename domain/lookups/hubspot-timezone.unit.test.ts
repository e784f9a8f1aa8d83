import { describe, expect, it } from 'vitest';
import { hubspotTimezoneValue } from './hubspot-timezone';

describe("HubSpot's timezone option values", () => {
  it('writes a zone in lower case with the slash spelled out', () => {
    expect(hubspotTimezoneValue('America/New_York')).toBe('america_slash_new_york');
    expect(hubspotTimezoneValue('Pacific/Honolulu')).toBe('pacific_slash_honolulu');
  });

  it('spells out every slash of a nested zone', () => {
    expect(hubspotTimezoneValue('America/Indiana/Indianapolis')).toBe(
      'america_slash_indiana_slash_indianapolis',
    );
    expect(hubspotTimezoneValue('America/North_Dakota/New_Salem')).toBe(
      'america_slash_north_dakota_slash_new_salem',
    );
  });

  it('spells out hyphens', () => {
    expect(hubspotTimezoneValue('America/Blanc-Sablon')).toBe('america_slash_blanc_hyphen_sablon');
    expect(hubspotTimezoneValue('America/Port-au-Prince')).toBe('america_slash_port_hyphen_au_hyphen_prince');
  });

  it('uses the legacy alias for a zone HubSpot lists only under it', () => {
    expect(hubspotTimezoneValue('Pacific/Kwajalein')).toBe('kwajalein');
  });
});
