import type { ColumnType, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The local test checkout's own records (only used when no Stripe key is configured). */
export interface StripeSandboxTables {
  stripe_sandbox_config: { name: string; value: string };
  stripe_sandbox_checkouts: {
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
  };
  stripe_sandbox_subscriptions: {
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
  };
  stripe_sandbox_portal_sessions: {
    id: string;
    customer_id: string;
    return_url: string;
    created_at: Timestamp;
  };
}

export const stripeSandbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stripe_sandbox_config')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('stripe_sandbox_checkouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('client_reference_id', 'text', (c) => c.notNull())
      .addColumn('success_url', 'text', (c) => c.notNull())
      .addColumn('cancel_url', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('stripe_sandbox_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('periods', 'integer', (c) => c.notNull())
      .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('stripe_sandbox_subscriptions_by_customer')
      .on('stripe_sandbox_subscriptions')
      .column('customer_id')
      .execute();
    await db.schema
      .createTable('stripe_sandbox_portal_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
