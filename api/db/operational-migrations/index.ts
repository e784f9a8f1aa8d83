import type { Migration } from 'kysely';
import { sessions } from './2026_11_23_0001_sessions';
import { mailTokensLimits } from './2026_11_23_0002_mail_tokens_limits';
import { hubspot } from './2026_11_24_0001_hubspot';
import { sandboxCrm } from './2026_11_24_0002_sandbox_crm';
import { stripeSandbox } from './2026_11_24_0001_stripe_sandbox';
import { requestLogs } from './2026_11_24_0001_request_logs';
import { requestLogRequests } from './2026_11_24_0002_request_log_requests';
import { requestLogLevels } from './2026_11_25_0001_request_log_levels';
import { workerLeases } from './2026_11_26_0001_worker_leases';
import { sandboxPortalOwners } from './2026_11_26_0002_sandbox_portal_owners';
import { streamSnapshots } from './2026_11_26_0003_stream_snapshots';
import { sandboxPortalOwnersBackfill } from './2026_11_26_0004_sandbox_portal_owners_backfill';
import { hubspotRateBudget } from './2026_11_27_0001_hubspot_rate_budget';
import { personalDataErasedForGood, personalDataKeys } from './2026_11_28_0001_personal_data_keys';
import { sandboxRecordSearch } from './2026_11_28_0002_sandbox_record_search';
import { hubspotSearchSchedule } from './2026_11_28_0003_hubspot_search_schedule';
import { sandboxRateLimits } from './2026_11_28_0004_sandbox_rate_limits';
import { sandboxValidationRules } from './2026_11_29_0001_sandbox_validation_rules';
import { hubspotCallSlots } from './2026_11_29_0002_hubspot_call_slots';
import { requestLogsSourceIndex } from './2026_11_30_0001_request_logs_source_index';
import { searchTurnsInCallSlots } from './2026_12_05_0001_search_turns_in_call_slots';
import { requestLogsFewerIndexes } from './2026_12_06_0001_request_logs_fewer_indexes';

/** Every migration of the operational tables, by name; names sort in the order they run. */
export const operationalMigrations: Record<string, Migration> = {
  '2026_11_23_0001_sessions': sessions,
  '2026_11_23_0002_mail_tokens_limits': mailTokensLimits,
  '2026_11_24_0001_hubspot': hubspot,
  '2026_11_24_0002_sandbox_crm': sandboxCrm,
  '2026_11_24_0001_stripe_sandbox': stripeSandbox,
  '2026_11_24_0001_request_logs': requestLogs,
  '2026_11_24_0002_request_log_requests': requestLogRequests,
  '2026_11_25_0001_request_log_levels': requestLogLevels,
  '2026_11_26_0001_worker_leases': workerLeases,
  '2026_11_26_0002_sandbox_portal_owners': sandboxPortalOwners,
  '2026_11_26_0003_stream_snapshots': streamSnapshots,
  '2026_11_26_0004_sandbox_portal_owners_backfill': sandboxPortalOwnersBackfill,
  '2026_11_27_0001_hubspot_rate_budget': hubspotRateBudget,
  '2026_11_28_0001_personal_data_keys': personalDataKeys,
  '2026_11_28_0002_sandbox_record_search': sandboxRecordSearch,
  '2026_11_28_0003_hubspot_search_schedule': hubspotSearchSchedule,
  '2026_11_28_0004_sandbox_rate_limits': sandboxRateLimits,
  '2026_11_28_0005_personal_data_erased_for_good': personalDataErasedForGood,
  '2026_11_29_0001_sandbox_validation_rules': sandboxValidationRules,
  '2026_11_29_0002_hubspot_call_slots': hubspotCallSlots,
  '2026_11_30_0001_request_logs_source_index': requestLogsSourceIndex,
  '2026_12_05_0001_search_turns_in_call_slots': searchTurnsInCallSlots,
  '2026_12_06_0001_request_logs_fewer_indexes': requestLogsFewerIndexes,
};
