import type { ColumnType, Generated } from 'kysely';

/** Every lookup request and where it stands; the pending ones are the processor's queue. */
export interface LookupRequestsTable {
  lookup_id: string;
  /** Order in which requests became visible; the processor reads the queue forward by it. */
  seq: Generated<string>;
  portal_id: string;
  object_type: string;
  object_id: string;
  property_name: string;
  zip: string;
  event_id: string;
  occurred_at: ColumnType<string, number | string, number | string>;
  requested_at: ColumnType<Date, Date | string, Date | string>;
  /** The webhook request that recorded it, carried into the outcome's metadata. */
  request_id: string | null;
  status: Generated<'pending' | 'succeeded' | 'failed' | 'ignored'>;
  reason: string | null;
  user_id: string | null;
  finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The last start marker each lookup processor wrote, once this read model has seen it. */
export interface LookupProcessorMarksTable {
  id: string;
  marker: string;
}

export interface LookupRequestTables {
  lookup_requests: LookupRequestsTable;
  lookup_processor_marks: LookupProcessorMarksTable;
}
