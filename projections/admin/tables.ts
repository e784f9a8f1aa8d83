import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Count = ColumnType<number, number, number>;

/** One row per lookup: the admin's lookup summaries, live feed and rolling 24-hour figures. */
export interface AdminLookupsTable {
  lookup_id: string;
  user_id: string;
  portal_id: string;
  object_type: string;
  /** The CRM record, so that a privacy deletion finds its lookups; null on rows from before. */
  object_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Empty once the record was deleted for privacy. */
  zip: string;
  /** webhook, workflow or backfill; lookups recorded before sources read as webhook. */
  source: ColumnType<string, string | undefined, string>;
  /** nothing_to_update: not a failure (recorded as a LookupFailed with reason already_filled). */
  outcome: 'pending' | 'success' | 'nothing_to_update' | 'failed';
  reason: string | null;
  credits_before: number;
  credits_after: number;
  requested_at: Timestamp;
  /** When the outcome was recorded; the charge time while pending. */
  at: Timestamp;
  duration_ms: number | null;
  request_id: string | null;
}

/**
 * One row per user: their lookup counters, kept as lookups finish, and beside them what the
 * figures over every account group them by (`user-accounts.ts`).
 */
export interface AdminUserLookupsTable {
  user_id: string;
  successful: Count;
  failed: Count;
  /** Lookups with nothing to update: neither successes nor failures. */
  nothing_to_update: Count;
  /** Null until a lookup of theirs finishes. */
  last_lookup_at: ColumnType<Date | null, Date | string | null, Date | string>;
  /** Null on a row whose account's registration was not read (rows of credits alone). */
  registered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string>;
  /** The partner programme the account came through; null for a direct sign-up. */
  partner: ColumnType<string | null, string | null | undefined, string | null>;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  /** The balance after the user's latest credits event. */
  balance: ColumnType<number, number | undefined, number>;
  /** The user's finished lookups (successful and failed) on their last seven days: `week-ring.ts`. */
  week_days: ColumnType<string[], string[] | undefined, string[]>;
  week_lookups: ColumnType<number[], number[] | undefined, number[]>;
}

/** Per user and UTC day: the 7-day figures, engagement and consumption trends. */
export interface AdminUserDaysTable {
  user_id: string;
  day: string;
  successful: Count;
  failed: Count;
  /** Lookups with nothing to update: neither successes nor failures. */
  nothing_to_update: Count;
}

/** Per UTC day and hour of day: the 30-day chart and the hourly usage patterns. */
export interface AdminDayHoursTable {
  day: string;
  hour: number;
  successful: Count;
  failed: Count;
  /** Lookups with nothing to update: neither successes nor failures. */
  nothing_to_update: Count;
}

/** Per UTC day: the users with a finished lookup that day, counted as their first one is. */
export interface AdminDaysTable {
  day: string;
  users: Count;
}

export interface AdminFailureDaysTable {
  reason: string;
  day: string;
  failures: Count;
}

export interface AdminFailureUsersTable {
  reason: string;
  user_id: string;
  failures: Count;
}

/** Failures per reason and UTC hour (the hour's start). */
export interface AdminFailureHoursTable {
  reason: string;
  hour_start: Date | string;
  failures: Count;
}

/** Users who had a failure of the reason, counted once each. */
export interface AdminFailureReasonsTable {
  reason: string;
  users: Count;
}

export interface AdminPortalLookupsTable {
  portal_id: string;
  total: Count;
  successful: Count;
  last_activity: Timestamp;
}

export interface AdminPortalUsersTable {
  portal_id: string;
  user_id: string;
}

/** Connected portals and whether their contact and company mappings are configured. */
export interface AdminPortalsTable {
  portal_id: string;
  user_id: string;
  connected: boolean;
  contact_configured: boolean;
  company_configured: boolean;
  connected_at: Timestamp;
}

export interface AdminTables {
  admin_lookups: AdminLookupsTable;
  admin_user_lookups: AdminUserLookupsTable;
  admin_user_days: AdminUserDaysTable;
  admin_day_hours: AdminDayHoursTable;
  admin_days: AdminDaysTable;
  admin_failure_days: AdminFailureDaysTable;
  admin_failure_users: AdminFailureUsersTable;
  admin_failure_hours: AdminFailureHoursTable;
  admin_failure_reasons: AdminFailureReasonsTable;
  admin_portal_lookups: AdminPortalLookupsTable;
  admin_portal_users: AdminPortalUsersTable;
  admin_portals: AdminPortalsTable;
}
