import { compile } from '../http/validation';
import {
  LOCATION_FIELDS,
  WRITE_MODES,
  upcastPortalMapping,
  type RecordedMapping,
  type WriteMode,
} from '../../domain/portals/config';
import type { CompanyMapping, ContactMapping, CrmObjectType, PortalConfig, PropertyOption } from './types';

/**
 * A saved mapping as a client may send it: write modes for some fields or none, or (a client from
 * before write modes) the old "only fill empty" switch.
 */
export interface PortalConfigRequest {
  contact: Omit<RecordedMapping<ContactMapping>, 'modes'> & { modes?: Partial<ContactMapping['modes']> };
  company: Omit<RecordedMapping<CompanyMapping>, 'modes'> & { modes?: Partial<CompanyMapping['modes']> };
}

const property = { type: 'string', maxLength: 200 };
const mappingFields = { city: property, state: property, county: property, country: property };
const mode = { type: 'string', enum: WRITE_MODES };
const modesOf = (fields: readonly string[]) => ({
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(fields.map((f) => [f, mode])),
});

/** The shape of a saved mapping; which names are allowed depends on the portal (checked after). */
export const validPortalConfig = compile<PortalConfigRequest>({
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
        modes: modesOf([...LOCATION_FIELDS, 'timezone']),
        onlyFillEmpty: { type: 'boolean' },
      },
    },
    company: {
      type: 'object',
      additionalProperties: false,
      required: ['city', 'state', 'county', 'country'],
      properties: { ...mappingFields, modes: modesOf(LOCATION_FIELDS), onlyFillEmpty: { type: 'boolean' } },
    },
  },
});

function modesFor<M extends Record<string, WriteMode>>(
  sent: { modes?: Partial<M>; onlyFillEmpty?: boolean },
  fromSwitch: M,
  current: M,
): M {
  // The old switch, sent alone, means what it meant; otherwise a field sent without a mode keeps
  // the one in force, so a client that knows fewer fields changes none it does not show.
  const base = sent.modes === undefined && sent.onlyFillEmpty !== undefined ? fromSwitch : current;
  return { ...base, ...sent.modes };
}

/** The mapping a request saves, given the one in force. */
export function configFromRequest(sent: PortalConfigRequest, current: PortalConfig): PortalConfig {
  const { modes: contactModes, onlyFillEmpty: contactSwitch, ...contact } = sent.contact;
  const { modes: companyModes, onlyFillEmpty: companySwitch, ...company } = sent.company;
  const fromSwitch = upcastPortalMapping({
    contact: { ...contact, onlyFillEmpty: contactSwitch === true },
    company: { ...company, onlyFillEmpty: companySwitch === true },
  });
  return {
    contact: {
      ...contact,
      modes: modesFor(
        { modes: contactModes, onlyFillEmpty: contactSwitch },
        fromSwitch.contact.modes,
        current.contact.modes,
      ),
    },
    company: {
      ...company,
      modes: modesFor(
        { modes: companyModes, onlyFillEmpty: companySwitch },
        fromSwitch.company.modes,
        current.company.modes,
      ),
    },
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
