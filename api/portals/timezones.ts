import type { HubSpotClient } from '../adapters/hubspot/client';
import { HUBSPOT_PATHS } from '../adapters/hubspot/api-version';
import { CrmCallError } from '../adapters/hubspot/errors';
import { messageOf } from '../adapters/hubspot/http';

/** HubSpot's hs_timezone option value for an IANA zone: lower case, '/' as _slash_, '-' as _hyphen_. */
export const hubspotTimezoneValue = (iana: string) =>
  iana.toLowerCase().replace(/\//g, '_slash_').replace(/-/g, '_hyphen_');

const ianaOf = (value: string) => value.replace(/_slash_/g, '/').replace(/_hyphen_/g, '-');

/** The zone's UTC offsets in January and July of a year: equal pairs keep the same clock all year. */
function offsets(zone: string, year: number): string | undefined {
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    const at = (month: number) =>
      format.formatToParts(Date.UTC(year, month, 15)).find((p) => p.type === 'timeZoneName')?.value;
    return `${at(0)}|${at(6)}`;
  } catch {
    return undefined;
  }
}

/**
 * The option of hs_timezone (an enumeration) for an IANA zone. HubSpot refuses raw IANA names,
 * and some zones (America/Menominee, America/Indiana/*) have no option of their own: those get
 * an option whose clock runs the same all year, city zones before the legacy us_slash_* ones.
 */
export function timezoneOption(options: readonly string[], iana: string, year: number): string | undefined {
  const exact = hubspotTimezoneValue(iana);
  const lower = exact.toLowerCase();
  const direct = options.find((o) => o.toLowerCase() === lower);
  if (direct) return direct;
  const wanted = offsets(iana, year);
  if (!wanted) return undefined;
  const sameClock = options.filter((o) => offsets(ianaOf(o), year) === wanted);
  const region = iana.split('/')[0]!.toLowerCase();
  return (
    sameClock.find((o) => o.startsWith(`${region}_slash_`) && !o.includes('_slash_indiana')) ??
    sameClock.find((o) => o.startsWith(`${region}_slash_`)) ??
    sameClock[0]
  );
}

/** Reads each portal's hs_timezone options once per process and maps IANA zones onto them. */
export class HubSpotTimezones {
  private readonly options = new Map<string, Promise<string[]>>();

  constructor(
    private readonly client: HubSpotClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The value to write into hs_timezone for this zone, or undefined when the portal has no fitting option. */
  async optionFor(portalId: string, iana: string): Promise<string | undefined> {
    return timezoneOption(await this.portalOptions(portalId), iana, this.now().getUTCFullYear());
  }

  private portalOptions(portalId: string): Promise<string[]> {
    let pending = this.options.get(portalId);
    if (!pending) {
      pending = this.fetch(portalId);
      this.options.set(portalId, pending);
      pending.catch(() => this.options.delete(portalId));
    }
    return pending;
  }

  private async fetch(portalId: string): Promise<string[]> {
    const response = await this.client.call(
      portalId,
      'GET',
      HUBSPOT_PATHS.property('contacts', 'hs_timezone'),
    );
    const options = (response.body as { options?: { value?: unknown }[] })?.options;
    if (response.status !== 200 || !Array.isArray(options))
      throw new CrmCallError(
        'crm_update_failed',
        `Reading hs_timezone options failed: ${messageOf(response)}`,
      );
    return options.map((o) => o.value).filter((v): v is string => typeof v === 'string');
  }
}
