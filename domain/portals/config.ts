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
 * How a lookup treats a mapped field that already holds a value (an empty one is always filled):
 * - keep_entered ("Keep what people entered"): a value a person entered stays; a value ZipFill
 *   wrote is ZipFill's and follows every ZIP change, so nothing derived from an earlier ZIP stays.
 * - always_overwrite: the ZIP's value replaces whatever the field holds.
 */
export const WRITE_MODES = ['keep_entered', 'always_overwrite'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];

/** A field nobody chose a mode for keeps what people entered and follows the ZIP otherwise. */
export const DEFAULT_WRITE_MODE: WriteMode = 'keep_entered';

/**
 * Modes recorded before there were two: "fill if empty" and "update unless edited by hand" both
 * kept a person's value; they are one mode now, which also lets ZipFill's own values follow the
 * ZIP (the first left them stale after a ZIP change).
 */
export type RecordedWriteMode = WriteMode | 'fill_if_empty' | 'update_unless_edited';

/** The mode a recorded mode means today. */
export const upcastWriteMode = (mode: RecordedWriteMode): WriteMode =>
  mode === 'always_overwrite' ? 'always_overwrite' : 'keep_entered';

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

/** The CRM property each object type's ZIP is read from. */
export type ZipProperties = Record<'contact' | 'company', string>;

/**
 * The ZIP property is never a mapping target: a location value written there would overwrite
 * the very code the lookup reads. The properties a mapping may use, without it.
 */
export const withoutZipProperty = <P extends { name: string }>(
  options: readonly P[],
  zipProperty: string,
): P[] => options.filter((o) => o.name !== zipProperty);

/** The first field of a mapping that names its object type's ZIP property, with why it is refused. */
export function zipPropertyTarget(mapping: PortalMapping, zip: ZipProperties): string | undefined {
  for (const type of ['contact', 'company'] as const)
    for (const field of LOCATION_FIELDS)
      if (isFieldMapped(mapping[type][field]) && mapping[type][field].trim() === zip[type])
        return `${type}.${field}: "${zip[type]}" is the ZIP property the lookup reads; writing the ${field} there would overwrite the ZIP. Choose another property, or Do Not Update.`;
  return undefined;
}

const allModes = <F extends string>(fields: readonly F[], mode: WriteMode) =>
  Object.fromEntries(fields.map((f) => [f, mode])) as Record<F, WriteMode>;

const CONTACT_FIELDS: readonly WrittenField[] = [...LOCATION_FIELDS, 'timezone'];

/** No location field sent to any property ("Do Not Update with Location Data" everywhere). */
const NO_PROPERTIES = Object.fromEntries(LOCATION_FIELDS.map((f) => [f, ''])) as Record<
  LocationField,
  string
>;

/** A new portal writes nothing until its owner chooses where each value goes. */
export function defaultPortalMapping(): PortalMapping {
  return {
    contact: { ...NO_PROPERTIES, updateTimezone: false, modes: allModes(CONTACT_FIELDS, DEFAULT_WRITE_MODE) },
    company: { ...NO_PROPERTIES, modes: allModes(LOCATION_FIELDS, DEFAULT_WRITE_MODE) },
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
 * switch for all its fields, "only fill empty" (absent meaning off); later ones carry three modes
 * (RecordedWriteMode); recorded events keep what they said.
 */
export type RecordedMapping<M extends { modes: object }> = Omit<M, 'modes'> & {
  modes?: { [F in keyof M['modes']]: RecordedWriteMode };
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
  // The old switch, on, only filled empty fields: people's values were kept, as keep_entered
  // keeps them; off, every field was overwritten.
  const upcast = modes
    ? Object.fromEntries(
        Object.entries(modes as Record<string, RecordedWriteMode>).map(([f, m]) => [f, upcastWriteMode(m)]),
      )
    : allModes(fields, onlyFillEmpty === true ? 'keep_entered' : 'always_overwrite');
  return { ...mapping, modes: upcast } as unknown as M; // the rest of M is what was recorded
}

/** The mapping a recorded configuration means today: one from before write modes gets them. */
export function upcastPortalMapping(recorded: RecordedPortalMapping): PortalMapping {
  return {
    contact: upcastMapping<ContactMapping>(recorded.contact, CONTACT_FIELDS),
    company: upcastMapping<CompanyMapping>(recorded.company, LOCATION_FIELDS),
  };
}
