import { useState } from 'react';
import type { BackfillJob } from '@api/backfill/contract';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button } from '../../../ui';
import { useBackfillActionMutation } from '../api';
import { actionsFor, cancelQuestion, type JobAction } from '../job-view';
import { canUndo } from '../undo-view';
import { useReportDownload } from '../use-report-download';
import { UndoJob } from './UndoJob';

const LABELS: Record<JobAction, string> = { pause: 'Pause', resume: 'Resume', cancel: 'Cancel' };

/**
 * Pause, Resume and Cancel as the job's state allows, its report, and its undo once finished
 * (`undoneBy`: its latest undo job, if any). `subject` names the job in the buttons' labels: "the
 * backfill of Contacts in portal 1".
 */
export function JobControls({
  job,
  subject,
  undoneBy,
}: {
  job: BackfillJob;
  subject: string;
  undoneBy?: BackfillJob;
}) {
  const [act, { isLoading }] = useBackfillActionMutation();
  const [error, setError] = useState<string | null>(null);
  const report = useReportDownload(job);

  const onAction = async (action: JobAction) => {
    if (action === 'cancel' && !window.confirm(cancelQuestion(job, subject))) return;
    setError(null);
    try {
      await act({ jobId: job.jobId, action }).unwrap();
    } catch (e) {
      setError(serverErrorText(e) ?? `Could not ${action} the job. Please try again.`);
    }
  };

  return (
    <>
      {(error || report.error) && <Alert kind="error">{error ?? report.error}</Alert>}
      <div className="button-row">
        {actionsFor(job.state).map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'danger' : 'secondary'}
            disabled={isLoading}
            aria-label={`${LABELS[action]} ${subject}`}
            onClick={() => void onAction(action)}
          >
            {LABELS[action]}
          </Button>
        ))}
        <Button
          variant="ghost"
          disabled={report.downloading}
          aria-label={`Download report (CSV) of ${subject}`}
          onClick={() => void report.download()}
        >
          {report.downloading ? 'Preparing report...' : 'Download report (CSV)'}
        </Button>
        {canUndo(job, undoneBy) && <UndoJob job={job} />}
      </div>
    </>
  );
}
