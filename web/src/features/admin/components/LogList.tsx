import { countOf, formatNumber } from '../../../lib/plural';
import { Button, Email } from '../../../ui';
import { levelColour } from '../lib/colours';
import { date, time } from '../lib/format';
import type { LogEntry } from '@api/log-viewer/contract';
import { Badge } from './Stat';

interface LogListProps {
  logs: LogEntry[];
  view: 'table' | 'cards';
  onDetails: (entry: LogEntry) => void;
  onTimeline: (requestId: string) => void;
}

const fileName = (path: string | null) => (path ? (path.split('/').pop() ?? path) : '');
const isCrm = (e: LogEntry) =>
  /hubspot|crm/i.test(`${e.sourceFile ?? ''} ${String(e.metadata.url ?? '')} ${e.message}`);

function Who({ e }: { e: LogEntry }) {
  const after = e.metadata.userCreditsAfter;
  const before = e.metadata.userCreditsBefore;
  return (
    <>
      {e.userEmail ? <Email address={e.userEmail} /> : (e.userId ?? 'System')}
      {after !== undefined && (
        <div className="muted small">
          Credits: {String(after)} (before {String(before ?? 'N/A')})
        </div>
      )}
    </>
  );
}

function Actions({ e, onDetails, onTimeline }: { e: LogEntry } & Omit<LogListProps, 'logs' | 'view'>) {
  if (e.isGrouped && e.requestId)
    return (
      <Button variant="secondary" onClick={() => onTimeline(e.requestId!)}>
        View Request Timeline
      </Button>
    );
  return (
    <>
      <Button variant="ghost" onClick={() => onDetails(e)}>
        View Details
      </Button>
      {e.requestId && (
        <Button variant="ghost" onClick={() => onTimeline(e.requestId!)}>
          Timeline
        </Button>
      )}
    </>
  );
}

function LevelCell({ e }: { e: LogEntry }) {
  return (
    <div className="admin-level">
      <Badge colour={levelColour(e.level)}>{e.level}</Badge>
      {isCrm(e) && <Badge colour="#ff7a59">CRM</Badge>}
      {e.isGrouped && <span className="muted small">{countOf(e.stepCount ?? 0, 'step')}</span>}
    </div>
  );
}

/** Logs as a table or as cards; every field is rendered as text. */
export function LogList({ logs, view, onDetails, onTimeline }: LogListProps) {
  if (view === 'cards')
    return (
      <ul className="admin-log-cards">
        {logs.map((e) => (
          <li key={e.id} className={`admin-log-card level-${e.level}`}>
            <div className="muted small">
              {time(e.timestamp)} · {date(e.timestamp)}
            </div>
            <LevelCell e={e} />
            <div>
              <Who e={e} />
            </div>
            <div className="admin-message">{e.message}</div>
            <div className="muted small">
              {fileName(e.sourceFile)} {e.requestId && <code>{e.requestId.slice(0, 8)}</code>}
            </div>
            {e.isGrouped && (
              <div className="small">
                {formatNumber(e.duration ?? 0)} ms · {e.status}
              </div>
            )}
            <Actions e={e} onDetails={onDetails} onTimeline={onTimeline} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th>Time</th>
            <th>Level</th>
            <th>User</th>
            <th>Message</th>
            <th>Source</th>
            <th>Request</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((e) => (
            <tr key={e.id}>
              <td data-label="Time">
                {time(e.timestamp)}
                <div className="muted small">{date(e.timestamp)}</div>
              </td>
              <td data-label="Level">
                <LevelCell e={e} />
              </td>
              <td data-label="User" className="admin-email">
                <Who e={e} />
              </td>
              <td className="admin-message" data-label="Message">
                {e.message}
                {e.isGrouped && (
                  <div className="muted small">
                    {formatNumber(e.duration ?? 0)} ms · {e.status}
                  </div>
                )}
              </td>
              <td className="small" data-label="Source">
                {fileName(e.sourceFile)}
              </td>
              <td data-label="Request">{e.requestId ? <code>{e.requestId.slice(0, 8)}</code> : ''}</td>
              <td className="admin-table-actions">
                <Actions e={e} onDetails={onDetails} onTimeline={onTimeline} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
