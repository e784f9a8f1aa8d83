/**
 * The answers of ZipFill's card endpoints, as the card reads them: a copy of what it uses of
 * api/record-card/contract.ts (HubSpot builds this folder alone, so it cannot import the
 * service's file); RecordCard.unit.test.tsx holds the two assignable.
 */
// jscpd:ignore-start (a copy on purpose: see above)
export type CardObjectType = 'contacts' | 'companies';

export interface CardField {
  field: string;
  label: string;
  property: string;
  value: string | null;
  resolved: string | null;
  mode: string;
  writtenBy?: 'zipfill' | 'person';
  writtenAt?: string;
}

export type CardZip =
  | { status: 'none'; property: string }
  | { status: 'invalid' | 'not_found'; property: string; value: string; message: string }
  | {
      status: 'found';
      property: string;
      value: string;
      place: {
        city: string | null;
        state: string;
        county: string | null;
        country: string;
        timezone: string | null;
      };
      cities: string[];
      counties: { county: string; state: string; share: number }[];
    };

export interface RecordCardAnswer {
  portalId: string;
  objectType: CardObjectType;
  objectId: string;
  zip: CardZip;
  fields: CardField[];
  lastLookup: {
    at: string;
    zip: string;
    outcome: string;
    words: string;
    source: string;
    sourceWords: string;
    credits: number;
  } | null;
  lowBalance: { credits: number; threshold: number | null } | null;
  actions: { fillNow: boolean; choose: ('city' | 'county')[]; undo?: { label: string; path: string } };
  dashboardUrl: string;
}

export interface ActionAnswer {
  words: string;
  card: RecordCardAnswer;
}
// jscpd:ignore-end
