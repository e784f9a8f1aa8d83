import { useState } from 'react';
import type { BackfillJob } from '@api/backfill/contract';
import { jobTitle } from '../../../lib/backfill';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button } from '../../../ui';
import { useBackfillActionMutation } from '../api';
import { actionsFor, type JobAction } from '../job-view';
import { useReportDownload } from '../use-report-download';

const LABELS: Record<JobAction, string> = { pause: 'Pause', resume: 'Resume', cancel: 'Cancel' };

/** Pause, Resume and Cancel as the job's state allows, and its report. */
export function JobControls({ job }: { job: BackfillJob }) {
  const [act, { isLoading }] = useBackfillActionMutation();
  const [error, setError] = useState<string | null>(null);
  const report = useReportDownload(job);
  const title = jobTitle(job);

  const onAction = async (action: JobAction) => {
    if (
      action === 'cancel' &&
      !window.confirm(
        `Cancel the backfill of ${title}? Records filled so far keep their values; the rest are left as they are.`,
      )
    )
      return;
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
            aria-label={`${LABELS[action]} the backfill of ${title}`}
            onClick={() => void onAction(action)}
          >
            {LABELS[action]}
          </Button>
        ))}
        <Button
          variant="ghost"
          disabled={report.downloading}
          aria-label={`Download report (CSV) of the backfill of ${title}`}
          onClick={() => void report.download()}
        >
          {report.downloading ? 'Preparing report...' : 'Download report (CSV)'}
        </Button>
      </div>
    </>
  );
}
