import type { ReactNode } from 'react';
import { Alert, Button } from '../../../ui';

/** A failed fetch in the admin area: what failed, and a Retry button that asks again. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => unknown }) {
  return (
    <Alert kind="error">
      {children}{' '}
      <Button variant="ghost" onClick={() => void onRetry()}>
        Retry
      </Button>
    </Alert>
  );
}
