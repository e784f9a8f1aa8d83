import type { ReactNode } from 'react';

interface AlertProps {
  kind: 'success' | 'error' | 'warning' | 'info';
  children: ReactNode;
  /** Given, the message carries a Dismiss button that calls it. */
  onDismiss?: () => void;
}

/** Errors interrupt a screen reader (role=alert); other messages are announced politely. */
export function Alert({ kind, children, onDismiss }: AlertProps) {
  return (
    <div
      className={onDismiss ? `alert alert-${kind} alert-dismissable` : `alert alert-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {onDismiss ? <div className="alert-body">{children}</div> : children}
      {onDismiss && (
        <button type="button" className="alert-dismiss" aria-label="Dismiss this message" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
