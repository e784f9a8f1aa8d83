import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface StripeSandboxConfigTable {
  name: string;
  value: string;
}

export interface StripeSandboxCheckoutsTable {
  id: string;
  customer_id: string;
  mode: 'payment' | 'subscription';
  amount_cents: number;
  product_name: string;
  /** JSON object of string values, as Stripe keeps metadata. */
  metadata: string;
  client_reference_id: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  created_at: Timestamp;
}

export interface StripeSandboxSubscriptionsTable {
  id: string;
  customer_id: string;
  metadata: string;
  amount_cents: number;
  product_name: string;
  status: 'active' | 'canceled';
  /** Invoices paid so far; the next renewal is number periods + 1. */
  periods: number;
  current_period_start: Timestamp;
  created_at: Timestamp;
}

export interface StripeSandboxPortalSessionsTable {
  id: string;
  customer_id: string;
  return_url: string;
  created_at: Timestamp;
}

/** The local test checkout's own records (only used when no Stripe key is configured). */
export interface StripeSandboxTables {
  stripe_sandbox_config: StripeSandboxConfigTable;
  stripe_sandbox_checkouts: StripeSandboxCheckoutsTable;
  stripe_sandbox_subscriptions: StripeSandboxSubscriptionsTable;
  stripe_sandbox_portal_sessions: StripeSandboxPortalSessionsTable;
}
