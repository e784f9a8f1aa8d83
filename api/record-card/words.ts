import type { LookupFailureReason, LookupSource } from '../../domain/lookups/events';
import type { WrittenField } from '../../domain/portals/config';

/** Each field's name on the card. */
export const FIELD_LABELS: Record<WrittenField, string> = {
  city: 'City',
  state: 'State',
  county: 'County',
  country: 'Country',
  timezone: 'Time zone',
};

/** Why a lookup failed, in words a HubSpot user reads on the card. */
const FAILED_BECAUSE: Record<LookupFailureReason, string> = {
  invalid_zip_format: 'the ZIP is not a ZIP code (5 digits, ZIP+4 or a Canadian postal code)',
  zip_not_found: 'the ZIP is not in ZipFill’s ZIP table, or it has no value for the mapped fields',
  insufficient_credits: 'the ZipFill account had no credits left',
  portal_not_configured: 'no fields of this object type are mapped in ZipFill',
  crm_update_failed: 'HubSpot did not take the update; a new change tries again',
  crm_auth_failed: 'HubSpot refused ZipFill’s access to this portal; reconnect it from the ZipFill dashboard',
  crm_record_not_found: 'HubSpot no longer had the record',
  crm_validation_failed: 'HubSpot refused a value (a property validation rule)',
  already_filled: 'nothing to update',
  backfill_cancelled: 'its backfill job was cancelled before it wrote',
};

/** A lookup's outcome in words: "Filled", "Nothing to update", "Failed: …", "Under way". */
export function outcomeWords(
  outcome: 'filled' | 'nothing_to_update' | 'failed' | 'pending',
  reason: string | null,
): string {
  switch (outcome) {
    case 'filled':
      return 'Filled';
    case 'nothing_to_update':
      return 'Nothing to update: every mapped field already holds the ZIP’s value or a person’s';
    case 'pending':
      return 'Under way';
    case 'failed':
      return `Failed: ${FAILED_BECAUSE[reason as LookupFailureReason] ?? (reason ?? 'unknown reason').replaceAll('_', ' ')} (not charged)`;
  }
}

/** Where a lookup came from, in words; a backfill job is named by what it covers and when it started. */
export function sourceWords(
  source: LookupSource,
  detail: { fromCard: boolean; job?: { objectType: string; scope: string; startedAt: string } },
): string {
  switch (source) {
    case 'webhook':
      return 'Live: the ZIP changed in HubSpot';
    case 'workflow':
      return detail.fromCard ? 'Fill now on this card' : 'A workflow action';
    case 'backfill':
      return detail.job
        ? `Backfill job: ${detail.job.objectType}, ${detail.job.scope === 'all' ? 'all records' : 'records with empty fields'}, started ${detail.job.startedAt.slice(0, 16).replace('T', ' ')} UTC`
        : 'A backfill job';
  }
}
