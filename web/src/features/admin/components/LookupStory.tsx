import { countOf } from '../../../lib/plural';
import { titleCase } from '../lib/format';
import type { LogEntry } from '@api/log-viewer/contract';
import { Email } from '../../../ui';

/** The lookup pipeline's steps (api/lookups/journal.ts) in the admin's words. */
const STEP_LABELS: Record<string, string> = {
  received: 'Received',
  ignored: 'Ignored',
  charged: 'Charged',
  written: 'Written to CRM',
  recorded: 'Recorded',
};

export const stepLabel = (entry: LogEntry): string | undefined => {
  const step = entry.metadata.step;
  return typeof step === 'string' ? (STEP_LABELS[step] ?? step) : undefined;
};

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** "50 → 49": the user's credits before and after, when a line's metadata carries both. */
export function creditsChange(m: Record<string, unknown>): string | undefined {
  const before = m.userCreditsBefore;
  const after = m.userCreditsAfter;
  return typeof after === 'number' && typeof before === 'number' ? `${before} → ${after}` : undefined;
}

/**
 * The lookups a request asked for, one line each: who, which ZIP in which portal and record,
 * how it ended (or why it failed) and the user's credits before and after.
 */
export function LookupStory({ logs }: { logs: LogEntry[] }) {
  const ends = logs.filter((l) => l.metadata.step === 'recorded' || l.metadata.step === 'ignored');
  if (ends.length === 0) return null;
  return (
    <section className="admin-story" aria-label="Lookup summary">
      <h3 className="small">{ends.length === 1 ? 'Lookup' : countOf(ends.length, 'lookup')}</h3>
      <ul className="admin-inline-list">
        {ends.map((end) => {
          const m = end.metadata;
          const outcome = text(m.outcome);
          return (
            <li key={end.id}>
              <dl className="admin-story-facts">
                <div>
                  <dt>User</dt>
                  <dd>{end.userEmail ? <Email address={end.userEmail} /> : (end.userId ?? 'System')}</dd>
                </div>
                <div>
                  <dt>ZIP</dt>
                  <dd>{text(m.zip)}</dd>
                </div>
                <div>
                  <dt>Source</dt>
                  <dd>{titleCase(text(m.source) || 'webhook')}</dd>
                </div>
                <div>
                  <dt>Portal</dt>
                  <dd>
                    {text(m.portalId)} · {text(m.objectType)} {text(m.objectId)}
                  </dd>
                </div>
                <div>
                  <dt>Outcome</dt>
                  <dd>
                    {outcome === 'success' ? 'Success' : titleCase(outcome)}
                    {outcome !== 'success' && m.reason !== undefined && ` (${titleCase(text(m.reason))})`}
                  </dd>
                </div>
                {creditsChange(m) && (
                  <div>
                    <dt>Credits</dt>
                    <dd>{creditsChange(m)}</dd>
                  </div>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
