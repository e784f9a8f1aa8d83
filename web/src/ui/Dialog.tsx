import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog>: it keeps focus inside, Escape closes it and the
 * page behind is inert, with nothing to reimplement.
 */
export function Dialog({ title, open, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <header className="dialog-header">
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        <button type="button" className="btn btn-ghost" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {open && children}
    </dialog>
  );
}
