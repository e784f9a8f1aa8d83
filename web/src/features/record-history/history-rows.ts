import type { ChangeSource, HistoryEntry } from '@api/record-history/contract';

/** One row of the history table: one field of one change or undo. */
export interface HistoryRow {
  key: string;
  at: string;
  source: string;
  zip: string;
  field: string;
  before: string;
  after: string;
  credits: number;
}

const sourceText = (source: ChangeSource): string => {
  switch (source.kind) {
    case 'live':
      return 'Live (ZIP changed in HubSpot)';
    case 'workflow':
      return 'Workflow action';
    case 'backfill':
      return `Backfill job ${source.jobId.slice(0, 8)}`;
  }
};

/** How a value reads in the table: an empty one as "(empty)", one not known as "(not recorded)". */
export const valueText = (value: string | null): string =>
  value === null ? '(not recorded)' : value === '' ? '(empty)' : value;

const KEPT_BECAUSE = {
  changed_since: 'kept: changed since ZipFill wrote it',
  before_unknown: 'kept: its earlier value was not recorded',
} as const;

/** The history as table rows, newest first: a row per field, and per field an undo kept. */
export function historyRows(entries: readonly HistoryEntry[]): HistoryRow[] {
  return entries.flatMap((entry, i) => {
    if (entry.kind === 'change')
      return entry.fields.map((f) => ({
        key: `${i}-${f.property}`,
        at: entry.at,
        source: entry.undone ? `${sourceText(entry.source)} (undone)` : sourceText(entry.source),
        zip: entry.zip,
        field: f.property,
        before: valueText(f.before),
        after: valueText(f.after),
        credits: entry.credits,
      }));
    return [
      ...entry.fields.map((f) => ({
        key: `${i}-${f.property}`,
        at: entry.at,
        source: 'Undo',
        zip: '',
        field: f.property,
        before: valueText(f.before),
        after: valueText(f.after),
        credits: 0,
      })),
      ...entry.kept.map((k) => ({
        key: `${i}-kept-${k.property}`,
        at: entry.at,
        source: 'Undo',
        zip: '',
        field: k.property,
        before: '',
        after: KEPT_BECAUSE[k.reason],
        credits: 0,
      })),
    ];
  });
}
