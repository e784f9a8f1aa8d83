import type { ReactNode } from 'react';
import type { HealthCheckRequest } from '@api/address-health/contract';
import type { FixableClass } from '@domain/address-health/fix';

/** A class the health check found, as its fix is offered. */
export interface ClassToFix {
  objectType: HealthCheckRequest['objectType'];
  healthClass: FixableClass;
  /** Its records as the check counted them; `estimated` when scaled from a sample. */
  count: number;
  estimated: boolean;
  /** The level the fix's own headings start at: under the check's h4 "Fix: <class>". */
  headingLevel: 5;
}

/**
 * What "Fix these records" opens under a class: the backfill of just those records. The
 * dashboard gives it (web/src/app/routes/DashboardRoute.tsx), since features meet only there.
 */
export type FixSlot = (toFix: ClassToFix) => ReactNode;
