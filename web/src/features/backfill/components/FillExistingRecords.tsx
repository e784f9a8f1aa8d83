import { useState } from 'react';
import { Button, Dialog } from '../../../ui';
import { BackfillForm } from './BackfillForm';
import '../backfill.css';

/** A portal row's "Fill existing records" action: the dialog that checks, then starts, a backfill. */
export function FillExistingRecords({ portalId }: { portalId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Fill existing records in portal ${portalId}`}
        onClick={() => setOpen(true)}
      >
        Fill existing records
      </Button>
      <Dialog
        title={`Fill existing records in portal ${portalId}`}
        open={open}
        onClose={() => setOpen(false)}
      >
        <BackfillForm portalId={portalId} onStarted={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
