import { useState } from 'react';
import type { BackfillJob, UndoDryRunAnswer } from '@api/backfill/contract';
import { serverErrorText } from '../../../lib/errors';
import { formatNumber } from '../../../lib/plural';
import { Alert, Button, Dialog, Spinner } from '../../../ui';
import { useStartUndoMutation, useUndoDryRunQuery } from '../api';
import {
  NOTHING_TO_RESTORE,
  UNDO_IS_FREE,
  undoEstimateNote,
  undoFigure,
  undoSkipLines,
  undoStartLabel,
  undoSum,
  undoneJobName,
} from '../undo-view';
import { whenText } from '../job-view';

/** A finished job's "Undo this job": the dialog that shows the undo's dry run, then starts it. */
export function UndoJob({ job }: { job: BackfillJob }) {
  const [open, setOpen] = useState(false);
  const name = undoneJobName(job, job.jobId, whenText(job.startedAt));
  return (
    <>
      <Button variant="secondary" aria-label={`Undo this job: ${name}`} onClick={() => setOpen(true)}>
        Undo this job
      </Button>
      <Dialog title={`Undo ${name}`} open={open} onClose={() => setOpen(false)}>
        <UndoDryRunThenStart jobId={job.jobId} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** Read as the dialog opens: what the undo would restore and leave, then its start. */
function UndoDryRunThenStart({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const dryRun = useUndoDryRunQuery(jobId, { refetchOnMountOrArgChange: true });
  const [start, started] = useStartUndoMutation();
  const shown = dryRun.data;
  const startLabel = shown && undoStartLabel(shown);

  const onStart = async () => {
    try {
      await start(jobId).unwrap();
      onDone();
    } catch {
      // The error is shown from the mutation's state.
    }
  };

  return (
    <>
      {dryRun.isFetching && <Spinner label="Reading the records this job changed..." />}
      {dryRun.isError && !dryRun.isFetching && (
        <Alert kind="error">
          {serverErrorText(dryRun.error) ?? 'The undo’s dry run failed. Please try again.'}
        </Alert>
      )}
      {shown && !dryRun.isFetching && <UndoDryRunSummary dryRun={shown} />}
      {started.isError && (
        <Alert kind="error">
          {serverErrorText(started.error) ?? 'The undo could not start. Please try again.'}
        </Alert>
      )}
      <div className="button-row">
        {startLabel && !dryRun.isFetching && (
          <Button variant="danger" disabled={started.isLoading} onClick={() => void onStart()}>
            {started.isLoading ? 'Starting...' : startLabel}
          </Button>
        )}
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </>
  );
}

function UndoDryRunSummary({ dryRun }: { dryRun: UndoDryRunAnswer }) {
  const estimate = undoEstimateNote(dryRun);
  const skipped = undoSkipLines(dryRun);
  return (
    <section className="result-panel" aria-labelledby="undo-dry-run-title">
      <h3 id="undo-dry-run-title" className="panel-subtitle">
        Dry run of the undo: nothing was written
      </h3>
      {estimate && <p className="estimate-note">{estimate}</p>}
      <dl className="figures backfill-figures">
        <div>
          <dt>Records the job changed</dt>
          <dd>{formatNumber(dryRun.recordsChanged)}</dd>
        </div>
        <div>
          <dt>Would be restored</dt>
          <dd>{undoFigure(dryRun, dryRun.wouldRestore)}</dd>
        </div>
        <div>
          <dt>Would be skipped</dt>
          <dd>{undoFigure(dryRun, dryRun.recordsChanged - dryRun.wouldRestore)}</dd>
        </div>
      </dl>
      <p className="backfill-sum">{undoSum(dryRun)}</p>
      {skipped.length > 0 && (
        <ul className="backfill-reasons" aria-label="Why records would be skipped">
          {skipped.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="backfill-sum">{UNDO_IS_FREE}</p>
      {dryRun.wouldRestore === 0 && <Alert kind="info">{NOTHING_TO_RESTORE}</Alert>}
    </section>
  );
}
