import type { HistoryEntry } from '@api/record-history/contract';
import { historyRows } from '../history-rows';

/** A record's history: one row per field of each change and undo, newest first; a list of cards below 600 px. */
export function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  if (entries.length === 0) return <p className="muted">ZipFill has not changed this record.</p>;
  return (
    <div className="table-wrap">
      <table className="table record-history-table">
        <caption className="visually-hidden">What ZipFill changed on this record, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Source</th>
            <th scope="col">ZIP</th>
            <th scope="col">Field</th>
            <th scope="col">Before → after</th>
            <th scope="col">Credits</th>
          </tr>
        </thead>
        <tbody>
          {historyRows(entries).map((row) => (
            <tr key={row.key}>
              <td data-label="Time">{new Date(row.at).toLocaleString()}</td>
              <td data-label="Source">{row.source}</td>
              <td data-label="ZIP">{row.zip || '—'}</td>
              <td data-label="Field">{row.field}</td>
              <td data-label="Before → after">
                {row.before ? (
                  <>
                    {row.before} → {row.after}
                  </>
                ) : (
                  row.after
                )}
              </td>
              <td data-label="Credits">{row.credits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
