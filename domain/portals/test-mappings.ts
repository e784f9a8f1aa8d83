import {
  defaultPortalMapping,
  type CompanyWriteModes,
  type ContactWriteModes,
  type PortalMapping,
  type WriteMode,
} from './config';

/** Every contact field written one way, for unit tests of rules that read a mapping. */
export const contactModes = (mode: WriteMode): ContactWriteModes => ({
  city: mode,
  state: mode,
  county: mode,
  country: mode,
  timezone: mode,
});

/** Every company field written one way (companies have no timezone). */
export const companyModes = (mode: WriteMode): CompanyWriteModes => ({
  city: mode,
  state: mode,
  county: mode,
  country: mode,
});

/** A mapping that writes nothing: a new portal's, every field keeping what people entered. */
export const NOTHING_MAPPED: PortalMapping = defaultPortalMapping();
