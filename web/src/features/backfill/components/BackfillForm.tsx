import { useState } from 'react';
import type { BackfillObjectType, BackfillScope } from '@api/backfill/contract';
import { utcDate } from '@domain/lookups/usage-window';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, ChoiceGroup, Spinner, TextField } from '../../../ui';
import { useBackfillDryRunMutation, useStartBackfillMutation } from '../api';
import { DEFAULT_CHOICES, DRY_RUN_READING, dryRunMatches, requestOf, type BackfillChoices } from '../dry-run';
import { DryRunSummary } from './DryRunSummary';

const OBJECT_TYPES: [BackfillObjectType, string][] = [
  ['contact', 'Contacts'],
  ['company', 'Companies'],
];

const SCOPES: [BackfillScope, string][] = [
  ['empty', 'Only records whose mapped fields are empty'],
  ['all', "All records with a ZIP (each field's write mode decides what is replaced)"],
];

/** The choices of a backfill, its dry run, and the start once the dry run for them is shown. */
export function BackfillForm({ portalId, onStarted }: { portalId: string; onStarted: () => void }) {
  const [choices, setChoices] = useState<BackfillChoices>(DEFAULT_CHOICES);
  const [dryRun, dryRunState] = useBackfillDryRunMutation();
  const [start, startState] = useStartBackfillMutation();
  const shown = dryRunState.data;
  const ready = dryRunMatches(shown, choices);
  const choose = (change: Partial<BackfillChoices>) => {
    setChoices((c) => ({ ...c, ...change }));
    startState.reset();
  };

  const onStart = async () => {
    try {
      await start({ portalId, request: requestOf(choices) }).unwrap();
      onStarted();
    } catch {
      // The error is shown from the mutation's state.
    }
  };

  return (
    <div className="form backfill-form">
      <ChoiceGroup
        legend="Records"
        name={`backfill-object-${portalId}`}
        options={OBJECT_TYPES}
        value={choices.objectType}
        onChange={(objectType) => choose({ objectType })}
      />
      <ChoiceGroup
        legend="Which records"
        name={`backfill-scope-${portalId}`}
        options={SCOPES}
        value={choices.scope}
        onChange={(scope) => choose({ scope })}
      />
      <TextField
        label="Changed since (optional)"
        type="date"
        max={utcDate(new Date())}
        value={choices.changedSince}
        onChange={(e) => choose({ changedSince: e.target.value })}
        hint="Leave empty to include records however long ago they changed."
      />
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={dryRunState.isLoading}
          onClick={() => void dryRun({ portalId, request: requestOf(choices) })}
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
      {shown && ready && <DryRunSummary dryRun={shown} />}
      {shown && !ready && (
        <Alert kind="info">Your choices changed since the dry run: check again before starting.</Alert>
      )}
      {startState.isError && (
        <Alert kind="error">
          {serverErrorText(startState.error) ?? 'The job could not start. Please try again.'}
        </Alert>
      )}
      <div className="button-row">
        <Button
          disabled={!ready || shown?.recordsInScope === 0 || startState.isLoading}
          onClick={() => void onStart()}
        >
          {startState.isLoading ? 'Starting...' : 'Start filling'}
        </Button>
        {!ready && <span className="muted small">Run the dry run for these choices first.</span>}
      </div>
    </div>
  );
}
