import { accountsProjection } from './accounts/projection';
import { backfillJobsProjection } from './backfill/jobs-projection';
import { backfillRecordsProjection } from './backfill/records-projection';
import { adminLookupsProjection } from './admin/lookups-projection';
import { adminPortalsProjection } from './admin/portals-projection';
import { creditBalancesProjection } from './credits/projection';
import { lookupRequestsProjection } from './lookups/projection';
import { portalsProjection } from './portals/projection';
import type { Projection } from './projection';
import { dailyUsageProjection } from './usage/projection';
import { writtenValuesProjection } from './writes/projection';
import { privacyDeletionsProjection } from './privacy/projection';
import { recordHistoryProjection } from './record-history/projection';

/** Every read model the service keeps, in the order they are started. */
export const allProjections: readonly Projection[] = [
  accountsProjection,
  creditBalancesProjection,
  lookupRequestsProjection,
  dailyUsageProjection,
  portalsProjection,
  adminLookupsProjection,
  adminPortalsProjection,
  writtenValuesProjection,
  backfillJobsProjection,
  backfillRecordsProjection,
  privacyDeletionsProjection,
  recordHistoryProjection,
];
