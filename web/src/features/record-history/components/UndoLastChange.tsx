import { useState } from 'react';
import type { RecordHistoryAnswer } from '@api/record-history/contract';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Dialog } from '../../../ui';
import { useUndoRecordChangeMutation, type RecordRef } from '../api';

export const UNDO_IS_FREE = 'Undo is free and refunds nothing: the lookup was made and stays paid for.';

/** "Undo last change", with a confirmation that says what is restored and that it costs and refunds nothing. */
export function UndoLastChange({ record, undo }: { record: RecordRef; undo: RecordHistoryAnswer['undo'] }) {
  const [open, setOpen] = useState(false);
  const [undoChange, state] = useUndoRecordChangeMutation();
  const confirm = async () => {
    setOpen(false);
    try {
      await undoChange(record).unwrap();
    } catch {
      // The error is shown from the mutation's state.
    }
  };
  return (
    <div className="stack">
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={!undo.available || state.isLoading}
          onClick={() => setOpen(true)}
        >
          {state.isLoading ? 'Undoing…' : 'Undo last change'}
        </Button>
      </div>
      {!undo.available && <p className="muted">{undo.reason}</p>}
      {state.data && <Alert kind="success">{state.data.message}</Alert>}
      {state.isError && (
        <Alert kind="error">{serverErrorText(state.error) ?? 'The undo failed. Please try again.'}</Alert>
      )}
      <Dialog title="Undo ZipFill’s last change?" open={open} onClose={() => setOpen(false)}>
        <p>
          Each field that still holds what ZipFill wrote gets back the value it had before, an empty one
          included. A field changed since (by a person or a later lookup) is kept as it is.
        </p>
        <p>
          <strong>{UNDO_IS_FREE}</strong>
        </p>
        <div className="button-row">
          <Button onClick={() => void confirm()}>Undo last change</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
