import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { HealthCheckAnswer } from '@api/address-health/contract';
import { isFixable, type FixableClass } from '@domain/address-health/fix';
import { ADDRESS_CLASSES } from '@domain/address-health/figures';
import { formatNumber } from '../../../lib/plural';
import { Alert, Button, Spinner } from '../../../ui';
import type { FixSlot } from '../fix-slot';
import { classTitle, fixButtonText, healthEstimateNote, healthFigure, problemCount } from '../health-view';
import { useHealthReportDownload } from '../use-health-report-download';

const HealthChart = lazy(() => import('./HealthChart'));

const OBJECTS = { contact: 'contacts', company: 'companies' } as const;

/**
 * What the check found: the figures, the chart, examples of each class, "Fix these records" under
 * each class a lookup can fix (when the dashboard gives the fix), and the CSV.
 */
export function HealthCheckResult({
  portalId,
  answer,
  fix,
}: {
  portalId: string;
  answer: HealthCheckAnswer;
  fix?: FixSlot;
}) {
  const report = useHealthReportDownload(portalId, answer.request);
  const [fixing, setFixing] = useState<FixableClass | null>(null);
  const fixPanel = useRef<HTMLElement>(null);
  const fixPanelId = `health-fix-${portalId}`;
  // The fix opens below the examples, under a heading of its own: brought into view when chosen.
  useEffect(() => {
    if (fixing) fixPanel.current?.scrollIntoView({ block: 'nearest' });
  }, [fixing]);
  const estimate = healthEstimateNote(answer);
  const figure = (count: number) => healthFigure(answer, count);
  if (answer.recordsInScope === 0)
    return <Alert kind="info">This portal has no {OBJECTS[answer.request.objectType]} to check.</Alert>;
  const withExamples = ADDRESS_CLASSES.filter((c) => c !== 'consistent' && answer.examples[c].length > 0);
  return (
    <section className="result-panel" aria-labelledby={`health-result-${portalId}`}>
      <h3 id={`health-result-${portalId}`} className="panel-subtitle">
        Health check: nothing was charged or written
      </h3>
      {estimate && <p className="estimate-note">{estimate}</p>}
      <dl className="figures health-figures">
        <div>
          <dt>Records</dt>
          <dd>{formatNumber(answer.recordsInScope)}</dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>{formatNumber(answer.examined)}</dd>
        </div>
        <div>
          <dt>To fix</dt>
          <dd>{figure(problemCount(answer.counts))}</dd>
        </div>
        <div>
          <dt>Consistent</dt>
          <dd>{figure(answer.counts.consistent)}</dd>
        </div>
      </dl>
      <Suspense fallback={<Spinner label="Drawing the chart..." />}>
        <HealthChart counts={answer.counts} />
      </Suspense>
      {withExamples.length > 0 && (
        <>
          <h4 className="panel-subtitle">Examples</h4>
          {withExamples.map((found) => (
            <div key={found} className="health-class">
              <h5 className="health-class-title">
                {classTitle(found)}: {figure(answer.counts[found])}
              </h5>
              <ul className="health-examples">
                {answer.examples[found].map((e) => (
                  <li key={e.objectId}>
                    <span className="muted small">
                      Record {e.objectId}
                      {e.zip && <>, ZIP {e.zip}</>}
                    </span>{' '}
                    {e.found}
                  </li>
                ))}
              </ul>
              {fix && isFixable(found) && answer.counts[found] > 0 && (
                <div className="button-row">
                  <Button
                    variant="secondary"
                    aria-expanded={fixing === found}
                    aria-controls={fixPanelId}
                    onClick={() => setFixing(fixing === found ? null : found)}
                  >
                    {fixButtonText(answer, answer.counts[found])}
                  </Button>
                </div>
              )}
            </div>
          ))}
        </>
      )}
      {fix && fixing && (
        // Keyed by class: another class's fix starts afresh, with no dry run or start of this one.
        <section key={fixing} ref={fixPanel} id={fixPanelId} aria-labelledby={`${fixPanelId}-title`}>
          <h4 id={`${fixPanelId}-title`} className="panel-subtitle">
            Fix: {classTitle(fixing)}
          </h4>
          {fix({
            objectType: answer.request.objectType,
            healthClass: fixing,
            count: answer.counts[fixing],
            estimated: answer.estimate !== undefined,
            headingLevel: 5,
          })}
        </section>
      )}
      <div className="button-row">
        <Button variant="secondary" disabled={report.downloading} onClick={() => void report.download()}>
          {report.downloading ? 'Preparing the CSV...' : 'Download records (CSV)'}
        </Button>
      </div>
      {report.error && <Alert kind="error">{report.error}</Alert>}
    </section>
  );
}
