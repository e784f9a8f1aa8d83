import { compile } from '../http/validation';
import { LOCATION_FIELDS } from '../../domain/portals/config';
import type { CrmObjectType, PortalConfig, PropertyOption } from './types';

const property = { type: 'string', maxLength: 200 };
const mappingFields = { city: property, state: property, county: property, country: property };

/** The shape of a saved mapping; which names are allowed depends on the portal (checked after). */
export const validPortalConfig = compile<PortalConfig>({
  type: 'object',
  additionalProperties: false,
  required: ['contact', 'company'],
  properties: {
    contact: {
      type: 'object',
      additionalProperties: false,
      required: ['city', 'state', 'county', 'country', 'updateTimezone'],
      properties: {
        ...mappingFields,
        updateTimezone: { type: 'boolean' },
        onlyFillEmpty: { type: 'boolean' },
      },
    },
    company: {
      type: 'object',
      additionalProperties: false,
      required: ['city', 'state', 'county', 'country'],
      properties: { ...mappingFields, onlyFillEmpty: { type: 'boolean' } },
    },
  },
});

/** Fills the switches an older client may not send ("only fill empty" came after the spec). */
export function withDefaults(config: PortalConfig): PortalConfig {
  return {
    contact: { ...config.contact, onlyFillEmpty: config.contact.onlyFillEmpty ?? false },
    company: { ...config.company, onlyFillEmpty: config.company.onlyFillEmpty ?? false },
  };
}

/** The first mapped property the portal does not offer, named for the person fixing it. */
export function unknownProperty(
  config: PortalConfig,
  offered: Record<CrmObjectType, readonly PropertyOption[]>,
): string | undefined {
  for (const type of ['contact', 'company'] as const) {
    const names = new Set(offered[type].map((p) => p.name));
    for (const field of LOCATION_FIELDS) {
      const name = config[type][field];
      if (name !== '' && !names.has(name))
        return `${type}.${field}: "${name}" is not a writable text property of this portal's ${type === 'contact' ? 'contacts' : 'companies'}.`;
    }
  }
  return undefined;
}
