import type { BackfillRequest } from '@api/backfill/contract';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Spinner } from '../../../ui';
import { useBackfillDryRunMutation, useStartBackfillMutation } from '../api';
import { DRY_RUN_READING, dryRunMatches, sameRequest } from '../dry-run';
import { DryRunSummary, type SummaryLevel } from './DryRunSummary';
import '../backfill.css';

/**
 * A backfill's dry run and its start, for any request (the "Fill existing records" choices, or
 * the fix of a health-check class): the job starts only for the request its dry run was shown for.
 */
export function DryRunThenStart({
  portalId,
  request,
  startLabel,
  onStarted,
  summaryLevel = 3,
}: {
  portalId: string;
  request: BackfillRequest;
  startLabel: string;
  onStarted: () => void;
  /** Where the dry run's summary sits in the page's headings. */
  summaryLevel?: SummaryLevel;
}) {
  const [dryRun, dryRunState] = useBackfillDryRunMutation();
  const [start, startState] = useStartBackfillMutation();
  const shown = dryRunState.data;
  const ready = dryRunMatches(shown, request);
  // A refusal is about the request it was for: once the choices change it no longer applies.
  const startFailed = startState.isError && sameRequest(startState.originalArgs?.request, request);

  const onStart = async () => {
    try {
      await start({ portalId, request }).unwrap();
      onStarted();
    } catch {
      // The error is shown from the mutation's state.
    }
  };

  return (
    <>
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={dryRunState.isLoading}
          onClick={() => void dryRun({ portalId, request })}
        >
          Check first (dry run)
        </Button>
      </div>
      {dryRunState.isLoading && <Spinner label={DRY_RUN_READING} />}
      {dryRunState.isError && (
        <Alert kind="error">
          {serverErrorText(dryRunState.error) ?? 'The dry run failed. Please try again.'}
        </Alert>
      )}
      {shown && ready && <DryRunSummary dryRun={shown} level={summaryLevel} />}
      {shown && !ready && (
        <Alert kind="info">Your choices changed since the dry run: check again before starting.</Alert>
      )}
      {startFailed && (
        <Alert kind="error">
          {serverErrorText(startState.error) ?? 'The job could not start. Please try again.'}
        </Alert>
      )}
      <div className="button-row">
        <Button
          disabled={!ready || shown?.recordsInScope === 0 || startState.isLoading}
          onClick={() => void onStart()}
        >
          {startState.isLoading ? 'Starting...' : startLabel}
        </Button>
        {!ready && <span className="muted small">Run the dry run for these choices first.</span>}
      </div>
    </>
  );
}
