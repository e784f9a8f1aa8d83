import { useState } from 'react';
import type { HealthCheckRequest } from '@api/address-health/contract';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, ChoiceGroup, Spinner } from '../../../ui';
import { useHealthCheckMutation } from '../api';
import type { FixSlot } from '../fix-slot';
import { HEALTH_READING } from '../health-view';
import { HealthCheckResult } from './HealthCheckResult';

type ObjectType = HealthCheckRequest['objectType'];

const OBJECT_TYPES: [ObjectType, string][] = [
  ['contact', 'Contacts'],
  ['company', 'Companies'],
];

/** The object type to check, the check itself, and what it found for that type. */
export function HealthCheckForm({ portalId, fix }: { portalId: string; fix?: FixSlot }) {
  const [objectType, setObjectType] = useState<ObjectType>('contact');
  const [check, state] = useHealthCheckMutation();
  const shown = state.data?.request.objectType === objectType ? state.data : undefined;
  return (
    <div className="form health-form">
      <p className="muted small">
        Reads your records and tells how well their city, state and county agree with their ZIP. Free: nothing
        is charged or written.
      </p>
      <ChoiceGroup
        legend="Records"
        name={`health-object-${portalId}`}
        options={OBJECT_TYPES}
        value={objectType}
        onChange={setObjectType}
      />
      <div className="button-row">
        <Button disabled={state.isLoading} onClick={() => void check({ portalId, request: { objectType } })}>
          Check address health
        </Button>
      </div>
      {state.isLoading && <Spinner label={HEALTH_READING} />}
      {state.isError && (
        <Alert kind="error">{serverErrorText(state.error) ?? 'The check failed. Please try again.'}</Alert>
      )}
      {!state.isLoading && shown && <HealthCheckResult portalId={portalId} answer={shown} fix={fix} />}
    </div>
  );
}
