import type { ReactNode } from 'react';

interface AlertProps {
  kind: 'success' | 'error' | 'warning' | 'info';
  children: ReactNode;
}

/** Errors interrupt a screen reader (role=alert); other messages are announced politely. */
export function Alert({ kind, children }: AlertProps) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
