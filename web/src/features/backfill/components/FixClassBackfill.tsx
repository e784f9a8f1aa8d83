import { useState } from 'react';
import type { BackfillObjectType } from '@api/backfill/contract';
import type { FixableClass } from '@domain/address-health/fix';
import { Alert } from '../../../ui';
import { fixExplanation, fixRequest } from '../fix-class';
import { DryRunThenStart } from './DryRunThenStart';

/**
 * "Fix these records" of a health-check class: what it overwrites and may cost, then the
 * backfill's own dry run and start for a job of just that class.
 */
export function FixClassBackfill({
  portalId,
  objectType,
  healthClass,
  count,
  estimated,
  headingLevel,
}: {
  portalId: string;
  objectType: BackfillObjectType;
  healthClass: FixableClass;
  /** The class's records as the health check counted them. */
  count: number;
  estimated: boolean;
  /** Where its dry run's headings start: under the health check's "Fix" heading. */
  headingLevel: 5;
}) {
  const [started, setStarted] = useState(false);
  if (started)
    return (
      <Alert kind="success">
        The fix started: follow it, pause or cancel it under Backfill jobs on the dashboard.
      </Alert>
    );
  return (
    <div className="form backfill-form">
      <p className="small">{fixExplanation(healthClass, count, estimated)}</p>
      <DryRunThenStart
        portalId={portalId}
        request={fixRequest(objectType, healthClass)}
        startLabel="Start fixing"
        onStarted={() => setStarted(true)}
        summaryLevel={headingLevel}
      />
    </div>
  );
}
