import type { KeptField } from '../../domain/record-history/events';
import type { ChangeSource, HistoryEntry } from '../../domain/record-history/history';

export type { ChangeSource, HistoryEntry, KeptField };

/** The object types a record's history and undo take in their path. */
export type RecordObjectType = 'contact' | 'company';

/** GET /api/hubspot/records/:portalId/:objectType/:objectId/history */
export interface RecordHistoryAnswer {
  portalId: string;
  objectType: RecordObjectType;
  objectId: string;
  /**
   * Each change ZipFill made to the record and each undo, newest first. A field's `before` is
   * null when the change was recorded before ZipFill kept the values it replaced.
   */
  entries: HistoryEntry[];
  /** Whether "Undo last change" has something to undo, and if not, why, in words. */
  undo: { available: true } | { available: false; reason: string };
}

/** POST /api/hubspot/records/:portalId/:objectType/:objectId/undo */
export interface RecordUndoAnswer {
  /** undone: this call undid the last change; already_undone: an earlier undo had, nothing changed. */
  outcome: 'undone' | 'already_undone';
  /** The change undone. */
  lookupId: string;
  /** What this call wrote back, by property ('' emptied it); empty when nothing changed. */
  restored: Record<string, string>;
  /** The fields left as they are, and why. */
  kept: KeptField[];
  /** What happened, in words: free, nothing refunded. */
  message: string;
  history: RecordHistoryAnswer;
}
