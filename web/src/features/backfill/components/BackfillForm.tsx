import { useState } from 'react';
import type { BackfillObjectType, BackfillScope } from '@api/backfill/contract';
import { utcDate } from '@domain/lookups/usage-window';
import { ChoiceGroup, TextField } from '../../../ui';
import { DEFAULT_CHOICES, requestOf, type BackfillChoices } from '../dry-run';
import { DryRunThenStart } from './DryRunThenStart';

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
  const choose = (change: Partial<BackfillChoices>) => setChoices((c) => ({ ...c, ...change }));

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
      <DryRunThenStart
        portalId={portalId}
        request={requestOf(choices)}
        startLabel="Start filling"
        onStarted={onStarted}
      />
    </div>
  );
}
