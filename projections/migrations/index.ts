import type { Migration } from 'kysely';
import { checkpoints } from './2026_11_22_0001_checkpoints';
import { accounts } from './2026_11_23_0001_accounts';
import { creditBalances } from './2026_11_23_0002_credit_balances';
import { lookupRequests } from './2026_11_24_0101_lookup_requests';
import { dailyUsage } from './2026_11_24_0102_daily_usage';
import { portals } from './2026_11_24_0001_portals';
import { admin } from './2026_11_24_0001_admin';
import { adminRecentFailures } from './2026_11_25_0001_admin_recent_failures';
import { writtenValues } from './2026_11_26_0001_written_values';
import { portalAccess } from './2026_11_27_0101_portal_access';
import { backfill } from './2026_11_27_0201_backfill';
import { lookupSources } from './2026_11_27_0301_lookup_sources';
import { accountsErasable } from './2026_11_28_0001_accounts_erasable';
import { privacyDeletions } from './2026_11_28_0101_privacy_deletions';
import { forgottenRecords } from './2026_11_29_0101_forgotten_records';
import { refusedValues } from './2026_11_29_0201_refused_values';
import { nothingToUpdate } from './2026_11_30_0101_nothing_to_update';
import { accountsDeleted } from './2026_11_30_0201_accounts_deleted';
import { backfillHealthClass } from './2026_12_01_0101_backfill_health_class';
import { lookupsByRecord } from './2026_12_01_0201_lookups_by_record';
import { recordHistory } from './2026_12_01_0301_record_history';
import { jobUndo } from './2026_12_02_0101_job_undo';
import { adminDashboardOrder } from './2026_12_03_0101_admin_dashboard_order';
import { adminDays } from './2026_12_03_0102_admin_days';
import { adminFailureCounters } from './2026_12_04_0101_admin_failure_counters';
import { adminUserWeek } from './2026_12_06_0101_admin_user_week';
import { adminPortalsConfigured } from './2026_12_06_0102_admin_portals_configured';
import { adminUserAccounts } from './2026_12_06_0103_admin_user_accounts';
import { writtenValuesByRecord } from './2026_12_07_0101_written_values_by_record';
import { lookupRequestsSeqUnindexed } from './2026_12_07_0102_lookup_requests_seq_unindexed';

/** Every read-model migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_checkpoints': checkpoints,
  '2026_11_23_0001_accounts': accounts,
  '2026_11_23_0002_credit_balances': creditBalances,
  '2026_11_24_0101_lookup_requests': lookupRequests,
  '2026_11_24_0102_daily_usage': dailyUsage,
  '2026_11_24_0001_portals': portals,
  '2026_11_24_0001_admin': admin,
  '2026_11_25_0001_admin_recent_failures': adminRecentFailures,
  '2026_11_26_0001_written_values': writtenValues,
  '2026_11_27_0101_portal_access': portalAccess,
  '2026_11_27_0201_backfill': backfill,
  '2026_11_27_0301_lookup_sources': lookupSources,
  '2026_11_28_0001_accounts_erasable': accountsErasable,
  '2026_11_28_0101_privacy_deletions': privacyDeletions,
  '2026_11_29_0101_forgotten_records': forgottenRecords,
  '2026_11_29_0201_refused_values': refusedValues,
  '2026_11_30_0101_nothing_to_update': nothingToUpdate,
  '2026_11_30_0201_accounts_deleted': accountsDeleted,
  '2026_12_01_0101_backfill_health_class': backfillHealthClass,
  '2026_12_01_0201_lookups_by_record': lookupsByRecord,
  '2026_12_01_0301_record_history': recordHistory,
  '2026_12_02_0101_job_undo': jobUndo,
  '2026_12_03_0101_admin_dashboard_order': adminDashboardOrder,
  '2026_12_03_0102_admin_days': adminDays,
  '2026_12_04_0101_admin_failure_counters': adminFailureCounters,
  '2026_12_06_0101_admin_user_week': adminUserWeek,
  '2026_12_06_0102_admin_portals_configured': adminPortalsConfigured,
  '2026_12_06_0103_admin_user_accounts': adminUserAccounts,
  '2026_12_07_0101_written_values_by_record': writtenValuesByRecord,
  '2026_12_07_0102_lookup_requests_seq_unindexed': lookupRequestsSeqUnindexed,
};
