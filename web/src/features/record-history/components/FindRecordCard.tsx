import { useState, type FormEvent } from 'react';
import type { RecordObjectType } from '@api/record-history/contract';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Card, ChoiceGroup, Spinner, TextField } from '../../../ui';
import { Field } from '../../../ui/form/Field';
import { useRecordHistoryQuery, type RecordRef } from '../api';
import { HistoryTable } from './HistoryTable';
import { UndoLastChange } from './UndoLastChange';
import '../record-history.css';

const OBJECT_TYPES: [RecordObjectType, string][] = [
  ['contact', 'Contact'],
  ['company', 'Company'],
];

/**
 * The dashboard's "Find a record": a portal, an object type and a record id, then what ZipFill
 * changed on that record (time, source, ZIP, each field before → after, credits) and its undo.
 */
export function FindRecordCard({ portalIds }: { portalIds: readonly string[] }) {
  const [portalId, setPortalId] = useState('');
  const [objectType, setObjectType] = useState<RecordObjectType>('contact');
  const [objectId, setObjectId] = useState('');
  const [shown, setShown] = useState<RecordRef>();
  const chosenPortal = portalId || portalIds[0] || '';
  const history = useRecordHistoryQuery(shown ?? { portalId: '', objectType, objectId: '' }, {
    skip: !shown,
    refetchOnMountOrArgChange: true,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = { portalId: chosenPortal, objectType, objectId: objectId.trim() };
    // The same record asked again is read again: a lookup may have changed it since.
    if (
      shown?.portalId === asked.portalId &&
      shown.objectType === asked.objectType &&
      shown.objectId === asked.objectId
    )
      void history.refetch();
    else setShown(asked);
  };

  if (portalIds.length === 0) return null;
  return (
    <Card title="Find a record">
      <form className="form find-record-form" onSubmit={submit}>
        <Field label="Portal">
          {(control) => (
            <select {...control} value={chosenPortal} onChange={(e) => setPortalId(e.target.value)}>
              {portalIds.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ChoiceGroup
          legend="Record type"
          name="find-record-type"
          options={OBJECT_TYPES}
          value={objectType}
          onChange={setObjectType}
        />
        <TextField
          label="Record id"
          inputMode="numeric"
          required
          maxLength={20}
          value={objectId}
          onChange={(e) => setObjectId(e.target.value)}
          hint="The number at the end of the record’s address in HubSpot."
        />
        <div className="button-row">
          <Button type="submit">Show history</Button>
        </div>
      </form>
      {shown &&
        (history.isFetching && !history.data ? (
          <Spinner label="Loading the record’s history..." />
        ) : history.isError ? (
          <Alert kind="error">
            {serverErrorText(history.error) ?? 'The history could not be read. Please try again.'}
          </Alert>
        ) : history.data ? (
          <div className="stack record-history">
            <HistoryTable entries={history.data.entries} />
            <UndoLastChange record={shown} undo={history.data.undo} />
          </div>
        ) : null)}
    </Card>
  );
}
