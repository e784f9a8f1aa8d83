import { useState } from 'react';
import { Button, Dialog } from '../../../ui';
import type { FixSlot } from '../fix-slot';
import { HealthCheckForm } from './HealthCheckForm';
import '../address-health.css';

/** A portal row's "Check address health" action: the dialog that runs the free check (and offers `fix`). */
export function CheckAddressHealth({ portalId, fix }: { portalId: string; fix?: FixSlot }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Check address health in portal ${portalId}`}
        onClick={() => setOpen(true)}
      >
        Check address health
      </Button>
      <Dialog title={`Address health in portal ${portalId}`} open={open} onClose={() => setOpen(false)}>
        <HealthCheckForm portalId={portalId} fix={fix} />
      </Dialog>
    </>
  );
}
