import { accountPersonalData } from './accounts/personal-data';
import type { PersonalDataCatalogue } from './eventstore/personal-data';
import { lookupPersonalData } from './lookups/personal-data';
import { recordHistoryPersonalData } from './record-history/personal-data';

/** Every event type with personal fields; the event store encrypts exactly these. */
export const personalData: PersonalDataCatalogue = {
  ...accountPersonalData,
  ...lookupPersonalData,
  ...recordHistoryPersonalData,
};
