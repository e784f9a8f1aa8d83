/** A CRM property a user can map a location value to (single/multi-line text, writable, no validation). */
export interface PropertyOption {
  name: string;
  label: string;
}

/** The location values a lookup can write, each to a CRM property of the user's choice. */
export const LOCATION_FIELDS = ['city', 'state', 'county', 'country'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/** Every value a lookup writes: the location fields and, on contacts, HubSpot's timezone. */
export type WrittenField = LocationField | 'timezone';

/**
 * When a lookup may write a mapped field that already holds a value:
 * - fill_if_empty: never; only an empty field is written.
 * - update_unless_edited: when the value is the one ZipFill itself wrote last (a person has not
 *   changed it since), so a new ZIP updates it.
 * - always_overwrite: always.
 */
export const WRITE_MODES = ['fill_if_empty', 'update_unless_edited', 'always_overwrite'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];

/** A field nobody chose a mode for is only filled when empty: nothing a person typed is lost. */
export const DEFAULT_WRITE_MODE: WriteMode = 'fill_if_empty';

export type CompanyWriteModes = Record<LocationField, WriteMode>;
export type ContactWriteModes = Record<WrittenField, WriteMode>;

/**
 * Where one object type's location values go: which CRM property receives which value, '' for
 * "Do Not Update with Location Data", and how each is written. The API, the lookup and the web
 * app all use these types.
 */
export interface FieldMapping extends Record<LocationField, string> {
  /** Contacts only: also set HubSpot's timezone property. */
  updateTimezone?: boolean;
  modes: CompanyWriteModes & { timezone?: WriteMode };
}

export interface ContactMapping extends FieldMapping {
  updateTimezone: boolean;
  modes: ContactWriteModes;
}

/** Companies have no HubSpot timezone property to set. */
export interface CompanyMapping extends Omit<FieldMapping, 'updateTimezone' | 'modes'> {
  modes: CompanyWriteModes;
}

/** The mode a field is written in; a mapping saved without one falls back to the default. */
export const writeModeOf = (mapping: Pick<FieldMapping, 'modes'>, field: WrittenField): WriteMode =>
  mapping.modes[field] ?? DEFAULT_WRITE_MODE;

/** A location field is mapped when it names a property; blanks mean "Do Not Update". */
export const isFieldMapped = (property: string | undefined): property is string =>
  (property ?? '').trim() !== '';

/**
 * A mapping is configured when a lookup would write something with it: a location field mapped
 * to a property, or (contacts) HubSpot's timezone switched on. Without it a lookup fails as
 * "portal not configured" and the admin sees the object type as not configured. Partial, because
 * the admin's read model folds every recorded configuration.
 */
export function isMappingConfigured(mapping: Partial<Omit<FieldMapping, 'modes'>>): boolean {
  return LOCATION_FIELDS.some((field) => isFieldMapped(mapping[field])) || mapping.updateTimezone === true;
}

export interface PortalMapping {
  contact: ContactMapping;
  company: CompanyMapping;
}

const allModes = <F extends string>(fields: readonly F[], mode: WriteMode) =>
  Object.fromEntries(fields.map((f) => [f, mode])) as Record<F, WriteMode>;

const CONTACT_FIELDS: readonly WrittenField[] = [...LOCATION_FIELDS, 'timezone'];

/** A new portal writes nothing until its owner chooses where each value goes. */
export function defaultPortalMapping(): PortalMapping {
  return {
    contact: {
      city: '',
      state: '',
      county: '',
      country: '',
      updateTimezone: false,
      modes: allModes(CONTACT_FIELDS, DEFAULT_WRITE_MODE),
    },
    company: {
      city: '',
      state: '',
      county: '',
      country: '',
      modes: allModes(LOCATION_FIELDS, DEFAULT_WRITE_MODE),
    },
  };
}

export function sameMapping(a: PortalMapping, b: PortalMapping): boolean {
  const contactKeys = [...LOCATION_FIELDS, 'updateTimezone'] as const;
  return (
    contactKeys.every((k) => a.contact[k] === b.contact[k]) &&
    CONTACT_FIELDS.every((f) => a.contact.modes[f] === b.contact.modes[f]) &&
    LOCATION_FIELDS.every((k) => a.company[k] === b.company[k] && a.company.modes[k] === b.company.modes[k])
  );
}

/**
 * A mapping as recorded in a PortalConfigSaved event. Before write modes, a mapping carried one
 * switch for all its fields, "only fill empty" (absent meaning off); recorded events keep it.
 */
export type RecordedMapping<M extends { modes: object }> = Omit<M, 'modes'> & {
  modes?: M['modes'];
  onlyFillEmpty?: boolean;
};

export interface RecordedPortalMapping {
  contact: RecordedMapping<ContactMapping>;
  company: RecordedMapping<CompanyMapping>;
}

function upcastMapping<M extends { modes: object }>(
  recorded: RecordedMapping<M>,
  fields: readonly WrittenField[],
): M {
  const { onlyFillEmpty, modes, ...mapping } = recorded;
  // The old switch kept its behaviour: on, every field was only filled when empty; off, every
  // field was overwritten.
  const upcast = modes ?? allModes(fields, onlyFillEmpty === true ? 'fill_if_empty' : 'always_overwrite');
  return { ...mapping, modes: upcast } as unknown as M; // the rest of M is what was recorded
}

/** The mapping a recorded configuration means today: one from before write modes gets them. */
export function upcastPortalMapping(recorded: RecordedPortalMapping): PortalMapping {
  return {
    contact: upcastMapping<ContactMapping>(recorded.contact, CONTACT_FIELDS),
    company: upcastMapping<CompanyMapping>(recorded.company, LOCATION_FIELDS),
  };
}
