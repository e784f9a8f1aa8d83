import type { DomainEvent } from '../decider';
import type { CrmObjectTypeName } from '../lookups/webhook-event';

/** The stream of what was done to one CRM record besides its lookups: its undos. */
export const recordStream = (portalId: string, objectType: CrmObjectTypeName, objectId: string) =>
  `record-${portalId}-${objectType}-${objectId}`;

/**
 * Why undo left a field as it is: it no longer holds what ZipFill wrote (a person edited it, or a
 * later change did), or what it held before ZipFill wrote it is not known.
 */
export type KeptReason = 'changed_since' | 'before_unknown';

/**
 * Why undoing a job leaves one of its records as it is: its fields no longer hold what the job
 * wrote (a person's edit, another tool's value, or a later lookup: none of them is ever undone);
 * the job's change was undone already (on the card, the dashboard, or by an earlier undo of the
 * job); the values it replaced are not known; or HubSpot no longer has the record.
 */
export type UndoSkipReason = 'changed_since' | 'already_undone' | 'before_unknown' | 'record_deleted';

export interface KeptField {
  property: string;
  reason: KeptReason;
}

export interface RecordChangeUndoneData extends Record<string, unknown> {
  /** The lookup whose change was undone. */
  lookupId: string;
  portalId: string;
  objectType: CrmObjectTypeName;
  objectId: string;
  /** Each property written back, with the value it held before the change ('' empties it). */
  restored: Record<string, string>;
  kept: KeptField[];
  /** The undo job that made it; absent for an undo of one record (the card, the dashboard). */
  undoJobId?: string;
  at: string;
}

/** ZipFill's last change to a record was undone: free, and nothing is refunded. */
export type RecordChangeEvent = DomainEvent<'RecordChangeUndone', RecordChangeUndoneData>;
