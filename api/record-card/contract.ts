import type { LookupOutcome, LookupSource } from '../../domain/lookups/events';
import type { WriteMode, WrittenField } from '../../domain/portals/config';

/**
 * The answers of the ZipFill card on a HubSpot record, shared by the service, the app card
 * (scripts/hubspot-app/project/src/app/cards, which copies these types: HubSpot builds that
 * folder on its own) and the sandbox CRM's card.
 */

/** The object types a card sits on, as they are named in the card's URLs. */
export type CardObjectType = 'contacts' | 'companies';

/** One mapped field of the record: what HubSpot holds and what the ZIP gives. */
export interface CardField {
  field: WrittenField;
  /** The field's name as the card shows it: "City", "Time zone"… */
  label: string;
  /** The CRM property it is mapped to. */
  property: string;
  /** The value the record holds in HubSpot now; null when empty. */
  value: string | null;
  /** What the record's ZIP resolves to for this field; null when the ZIP gives nothing. */
  resolved: string | null;
  mode: WriteMode;
  /**
   * Whose the value is: ZipFill's (what ZipFill last wrote there) or a person's (anything else);
   * absent when the field is empty.
   */
  writtenBy?: 'zipfill' | 'person';
  /** When ZipFill wrote it (ISO), from the record's history; absent for a person's value. */
  writtenAt?: string;
}

/** A county the ZIP spans, with the share of its people living there. */
export interface CardCounty {
  county: string;
  state: string;
  share: number;
}

/** What the record's ZIP is, and what ZipFill makes of it. */
export type CardZip =
  | { status: 'none'; property: string }
  | { status: 'invalid'; property: string; value: string; message: string }
  | { status: 'not_found'; property: string; value: string; message: string }
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
      /** Every city name the ZIP is known by (the USPS-preferred first); Choose takes one of these. */
      cities: string[];
      /** Every county the ZIP spans (the written one first); Choose takes one of these. */
      counties: CardCounty[];
    };

/** The last lookup of this record, in words. */
export interface CardLastLookup {
  at: string;
  zip: string;
  outcome: LookupOutcome | 'pending';
  /** "Filled", "Nothing to update", "Failed: the ZIP is not in the ZIP table"… */
  words: string;
  source: LookupSource;
  /** "A ZIP change in HubSpot", "A workflow action", "Fill now on this card", "Backfill job: contacts, all records, started …". */
  sourceWords: string;
  credits: number;
}

/** An action the card may offer; the card shows a button only for what the answer offers. */
export interface CardActions {
  fillNow: boolean;
  /** Fields whose alternatives Choose can write (mapped, with more than one choice). */
  choose: ('city' | 'county')[];
  /** Undo ZipFill's last change to this record, posted to `path` below the card's URL; offered while there is one to undo. */
  undo?: { label: string; path: string };
}

/** GET /api/hubspot/records/:portalId/:objectType/:objectId/card */
export interface RecordCardAnswer {
  portalId: string;
  objectType: CardObjectType;
  objectId: string;
  zip: CardZip;
  fields: CardField[];
  lastLookup: CardLastLookup | null;
  /** The owner's balance, only when it is low (below their notification threshold, or none left). */
  lowBalance: { credits: number; threshold: number | null } | null;
  actions: CardActions;
  /** Where the owner manages ZipFill (mapping, credits). */
  dashboardUrl: string;
}

/** POST …/card/fill: one lookup of the record, charged as any lookup. */
export interface FillNowRequest {
  /** Made once per click by the card: a retried request is the same lookup, charged once. */
  fillId: string;
}

export interface FillNowAnswer {
  outcome: LookupOutcome;
  /** What happened, in words: "Filled City, State", "Nothing to update", "Failed: …". */
  words: string;
  card: RecordCardAnswer;
}

/** POST …/card/choose: one of the ZIP's accepted city names or counties, written as the person's value. */
export interface ChooseRequest {
  field: 'city' | 'county';
  value: string;
}

export interface ChooseAnswer {
  /** What was written, and whether later lookups keep it. */
  words: string;
  card: RecordCardAnswer;
}

/** POST …/card/undo: ZipFill's last change to the record undone, free (api/record-history). */
export interface CardUndoAnswer {
  /** What was restored and what was kept, in words. */
  words: string;
  card: RecordCardAnswer;
}
