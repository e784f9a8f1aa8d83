import { useState } from 'react';
import { formatNumber } from '../../../lib/plural';
import { Alert, Button, Email } from '../../../ui';
import { useRequestTimelineQuery } from '../api';
import { httpStatusColour, levelColour } from '../lib/colours';
import { dateTime, time } from '../lib/format';
import type { LogEntry } from '@api/log-viewer/contract';
import { creditsChange, LookupStory, stepLabel } from './LookupStory';
import { Modal } from './Modal';
import { Badge } from './Stat';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);

function StatusBadge({ entry }: { entry: LogEntry }) {
  const status = entry.metadata.statusCode;
  if (typeof status !== 'number') return null;
  return <Badge colour={httpStatusColour(status)}>{status}</Badge>;
}

export function LogDetailsModal({
  entry,
  onClose,
  onTimeline,
}: {
  entry: LogEntry;
  onClose: () => void;
  onTimeline: (requestId: string) => void;
}) {
  const [json, setJson] = useState(false);
  const { requestId } = entry;
  return (
    <Modal
      title="Log Details"
      onClose={onClose}
      footer={
        requestId && (
          <Button variant="secondary" onClick={() => onTimeline(requestId)}>
            View Timeline
          </Button>
        )
      }
    >
      <dl className="admin-details">
        <dt>Timestamp</dt>
        <dd>{dateTime(entry.timestamp)}</dd>
        <dt>User</dt>
        <dd>{entry.userEmail ? <Email address={entry.userEmail} /> : (entry.userId ?? 'System')}</dd>
        <dt>Request ID</dt>
        <dd>{show(requestId)}</dd>
        <dt>Source</dt>
        <dd>
          {show(entry.sourceFile)} · {show(entry.sourceFunction)}
        </dd>
        <dt>ID</dt>
        <dd>{entry.id}</dd>
        <dt>IP Address</dt>
        <dd>{show(entry.ipAddress)}</dd>
      </dl>
      <h3>Message</h3>
      <p>
        <Badge colour={levelColour(entry.level)}>{entry.level}</Badge> <StatusBadge entry={entry} />{' '}
        {typeof entry.metadata.responseTime === 'number' && <span>{entry.metadata.responseTime} ms</span>}
      </p>
      <p className="admin-message">{entry.message}</p>
      <h3>
        Metadata{' '}
        <button type="button" className="btn btn-ghost" onClick={() => setJson(!json)}>
          {json ? 'Show as grid' : 'Show JSON'}
        </button>
      </h3>
      {json ? (
        <pre className="admin-pre">{JSON.stringify(entry.metadata, null, 2)}</pre>
      ) : (
        <dl className="admin-details">
          {Object.entries(entry.metadata).map(([k, v]) => (
            <div key={k} className="admin-details-row">
              <dt>{k}</dt>
              <dd>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {entry.stackTrace && (
        <>
          <h3>Stack Trace</h3>
          <pre className="admin-pre">{entry.stackTrace}</pre>
        </>
      )}
      <h3>Additional Details</h3>
      <dl className="admin-details">
        <dt>User Agent</dt>
        <dd>{show(entry.userAgent)}</dd>
        <dt>IP Address</dt>
        <dd>{show(entry.ipAddress)}</dd>
        <dt>Request ID</dt>
        <dd>{show(requestId)}</dd>
        <dt>Source File</dt>
        <dd>{show(entry.sourceFile)}</dd>
        <dt>Source Function</dt>
        <dd>{show(entry.sourceFunction)}</dd>
        <dt>User ID</dt>
        <dd>{show(entry.userId)}</dd>
        <dt>User Email</dt>
        <dd>{show(entry.userEmail)}</dd>
      </dl>
    </Modal>
  );
}

function TimelineEvent({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const m = entry.metadata;
  const step = stepLabel(entry);
  const credits = creditsChange(m);
  return (
    <li className={`admin-timeline-event level-${entry.level}`}>
      <div>
        <span className="muted">{time(entry.timestamp)}</span> {step && <strong>{step}</strong>}{' '}
        <Badge colour={levelColour(entry.level)}>{entry.level}</Badge> <StatusBadge entry={entry} />{' '}
        {typeof m.responseTime === 'number' && <span className="small">{m.responseTime} ms</span>}{' '}
        {typeof m.method === 'string' && (
          <code>
            {m.method} {String(m.url ?? '')}
          </code>
        )}
      </div>
      <div className="admin-message">{entry.message}</div>
      {credits && <div className="muted small">Credits {credits}</div>}
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(!open)}>
        {open ? 'Hide event data' : 'Show event data'}
      </button>
      {open && (
        <>
          <pre className="admin-pre">{JSON.stringify(m, null, 2)}</pre>
          {entry.stackTrace && <pre className="admin-pre">{entry.stackTrace}</pre>}
        </>
      )}
    </li>
  );
}

export function TimelineModal({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const { data, isLoading, isError } = useRequestTimelineQuery(requestId, {
    refetchOnMountOrArgChange: true,
  });
  const logs = data?.logs ?? [];
  const first = logs[0];
  const last = logs[logs.length - 1];
  const duration = first && last ? Date.parse(last.timestamp) - Date.parse(first.timestamp) : 0;
  return (
    <Modal title="Request Timeline" onClose={onClose}>
      <p className="muted small">Request {requestId}</p>
      {isLoading && <p>Loading timeline...</p>}
      {isError && <Alert kind="error">Failed to fetch request timeline</Alert>}
      {data && logs.length === 0 && (
        <div>
          <p>No timeline events found</p>
          <p className="muted">This request may not have detailed logging enabled.</p>
        </div>
      )}
      {logs.length > 0 && (
        <>
          <div className="admin-cards">
            <div>
              Total Events: <strong>{logs.length}</strong>
            </div>
            <div>
              Duration: <strong>{formatNumber(duration)} ms</strong>
            </div>
            <div>
              Errors: <strong>{logs.filter((l) => l.level === 'error').length}</strong>
            </div>
            <div>
              Warnings: <strong>{logs.filter((l) => l.level === 'warn').length}</strong>
            </div>
          </div>
          <LookupStory logs={logs} />
          <ol className="admin-timeline">
            {logs.map((l) => (
              <TimelineEvent key={l.id} entry={l} />
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}
