import { Link } from 'react-router-dom';
import type { BackfillDryRunAnswer } from '@api/backfill/contract';
import { paths } from '../../../app/paths';
import { reasonBreakdown } from '../../../lib/failure-reasons';
import { countOf } from '../../../lib/plural';
import { Alert } from '../../../ui';
import { creditShortfall } from '../dry-run';

const numbers = new Intl.NumberFormat('en-US');

/** What a job with the chosen options would do, as the dry run counted it. */
export function DryRunSummary({ dryRun }: { dryRun: BackfillDryRunAnswer }) {
  const failures = reasonBreakdown(dryRun.failures);
  const failing = failures.reduce((sum, f) => sum + f.count, 0);
  const shortfall = creditShortfall(dryRun);
  return (
    <section className="backfill-dry-run" aria-labelledby="backfill-dry-run-title">
      <h3 id="backfill-dry-run-title" className="backfill-subtitle">
        Dry run: nothing was charged or written
      </h3>
      <dl className="backfill-figures">
        <div>
          <dt>Records in scope</dt>
          <dd>{numbers.format(dryRun.recordsInScope)}</dd>
        </div>
        <div>
          <dt>With a ZIP we can resolve</dt>
          <dd>{numbers.format(dryRun.resolvable)}</dd>
        </div>
        <div>
          <dt>Would fail</dt>
          <dd>{numbers.format(failing)}</dd>
        </div>
        <div>
          <dt>Credits needed</dt>
          <dd>{numbers.format(dryRun.creditsNeeded)}</dd>
        </div>
        <div>
          <dt>Your balance</dt>
          <dd>{numbers.format(dryRun.balance)}</dd>
        </div>
        <div>
          <dt>Records the balance covers</dt>
          <dd>{numbers.format(dryRun.recordsCovered)}</dd>
        </div>
      </dl>
      {failures.length > 0 && (
        <>
          <h4 className="backfill-subtitle">Why records would fail</h4>
          <ul className="backfill-reasons">
            {failures.map((f) => (
              <li key={f.reason}>
                {f.label}: {numbers.format(f.count)}
              </li>
            ))}
          </ul>
        </>
      )}
      {dryRun.recordsInScope === 0 && (
        <Alert kind="info">No records match these choices: there is nothing to fill.</Alert>
      )}
      {shortfall > 0 && (
        <Alert kind="warning">
          Your balance covers {countOf(dryRun.recordsCovered, 'record')} of the{' '}
          {numbers.format(dryRun.creditsNeeded)} expected to be filled: {countOf(shortfall, 'more credit')}{' '}
          would be needed. The job stops when the credits run out and carries on after a purchase.{' '}
          <Link to={paths.credits}>Buy credits</Link>
        </Alert>
      )}
    </section>
  );
}
