import type { WriteMode } from '../../domain/portals/config';
import type {
  ContactMapping,
  CompanyMapping,
  PortalConfig,
  PortalDirectory,
  PortalRoute,
} from '../../api/portals/types';

export const FULL_CONTACT_MAPPING: ContactMapping = {
  city: 'city',
  state: 'state',
  county: 'county',
  country: 'country',
  updateTimezone: true,
  modes: {
    city: 'always_overwrite',
    state: 'always_overwrite',
    county: 'always_overwrite',
    country: 'always_overwrite',
    timezone: 'always_overwrite',
  },
};

export const FULL_COMPANY_MAPPING: CompanyMapping = {
  city: 'city',
  state: 'state',
  county: 'county',
  country: 'country',
  modes: {
    city: 'always_overwrite',
    state: 'always_overwrite',
    county: 'always_overwrite',
    country: 'always_overwrite',
  },
};

/** Every contact field (timezone too) written in one mode. */
export const everyMode = (mode: WriteMode) => ({
  city: mode,
  state: mode,
  county: mode,
  country: mode,
  timezone: mode,
});

export const FULL_CONFIG: PortalConfig = { contact: FULL_CONTACT_MAPPING, company: FULL_COMPANY_MAPPING };

/** The full mapping with every contact field written in one mode. */
export const fullConfigIn = (mode: WriteMode): PortalConfig => ({
  ...FULL_CONFIG,
  contact: { ...FULL_CONFIG.contact, modes: everyMode(mode) },
});

/** Connected portals held in memory: a stand-in for the HubSpot connection's directory. */
export class MapPortalDirectory implements PortalDirectory {
  private readonly routes = new Map<string, PortalRoute>();

  connect(portalId: string, userId: string, config: PortalConfig = FULL_CONFIG): void {
    this.routes.set(portalId, { portalId, userId, config, zipProperty: { contact: 'zip', company: 'zip' } });
  }

  disconnect(portalId: string): void {
    this.routes.delete(portalId);
  }

  async route(portalId: string): Promise<PortalRoute | undefined> {
    return this.routes.get(portalId);
  }
}

/** A fresh HubSpot-like portal id, so tests sharing a database never meet. */
export const freshPortalId = () => String(100_000_000 + Math.floor(Math.random() * 900_000_000));
