import { Link } from 'react-router-dom';
import type { BackfillDryRunAnswer } from '@api/backfill/contract';
import { paths } from '../../../app/paths';
import { reasonBreakdown } from '../../../lib/failure-reasons';
import { Alert } from '../../../ui';
import { creditShortfall, dryRunFigure, dryRunSum, estimateNote, shortfallText } from '../dry-run';
import { formatNumber } from '../../../lib/plural';

/** The level of the summary's title, its sub-headings one below: 3 in its own dialog, 5 under a health check's section. */
export type SummaryLevel = 3 | 5;

/** What a job with the chosen options would do, as the dry run counted or estimated it. */
export function DryRunSummary({ dryRun, level = 3 }: { dryRun: BackfillDryRunAnswer; level?: SummaryLevel }) {
  const Title = level === 3 ? 'h3' : 'h5';
  const Sub = level === 3 ? 'h4' : 'h6';
  const failures = reasonBreakdown(dryRun.failures);
  const failing = failures.reduce((sum, f) => sum + f.count, 0);
  const estimate = estimateNote(dryRun);
  const figure = (count: number) => dryRunFigure(dryRun, count);
  return (
    <section className="result-panel" aria-labelledby="backfill-dry-run-title">
      <Title id="backfill-dry-run-title" className="panel-subtitle">
        Dry run: nothing was charged or written
      </Title>
      {estimate && <p className="estimate-note">{estimate}</p>}
      <dl className="figures backfill-figures">
        <div>
          <dt>Records in scope</dt>
          <dd>{formatNumber(dryRun.recordsInScope)}</dd>
        </div>
        <div>
          <dt>Would be filled</dt>
          <dd>{figure(dryRun.creditsNeeded)}</dd>
        </div>
        <div>
          <dt>Nothing to update</dt>
          <dd>{figure(dryRun.nothingToUpdate)}</dd>
        </div>
        <div>
          <dt>Would fail</dt>
          <dd>{figure(failing)}</dd>
        </div>
        <div>
          <dt>Credits needed</dt>
          <dd>{figure(dryRun.creditsNeeded)}</dd>
        </div>
        <div>
          <dt>Your balance</dt>
          <dd>{formatNumber(dryRun.balance)}</dd>
        </div>
        <div>
          <dt>Records the balance covers</dt>
          <dd>{figure(dryRun.recordsCovered)}</dd>
        </div>
      </dl>
      <p className="backfill-sum">{dryRunSum(dryRun, failing)}</p>
      {failures.length > 0 && (
        <>
          <Sub className="panel-subtitle">Why records would fail</Sub>
          <ul className="backfill-reasons">
            {failures.map((f) => (
              <li key={f.reason}>
                {f.label}: {figure(f.count)}
              </li>
            ))}
          </ul>
        </>
      )}
      {dryRun.recordsInScope === 0 && (
        <Alert kind="info">No records match these choices: there is nothing to fill.</Alert>
      )}
      {creditShortfall(dryRun) > 0 && (
        <Alert kind="warning">
          {shortfallText(dryRun)} <Link to={paths.credits}>Buy credits</Link>
        </Alert>
      )}
    </section>
  );
}
