import { portalSubject, type PersonalDataCatalogue } from '../eventstore/personal-data';
import type { EventData } from '../eventstore/types';

/**
 * The values an undo wrote back tell where a person lives, as the lookup's did: the record's
 * portal's key protects them (shredded with the account that held the portal).
 */
export const recordHistoryPersonalData: PersonalDataCatalogue = {
  RecordChangeUndone: {
    subject: (_stream, data: EventData) => portalSubject(String(data.portalId)),
    fields: { restored: () => ({}) },
  },
};
