import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Lease, Locks } from '../../projections/worker';

/**
 * How long a lease lasts unless renewed, and how often its holder renews it. The holder gives
 * the work up once a renewal has not come back within `ttlMs` of when it was sent, which is
 * before the row expires by the database's clock; a standby takes the row once it has expired.
 */
export interface LeaseTiming {
  ttlMs: number;
  renewEveryMs: number;
}

/** Takeover within 5 s on PostgreSQL: 3 s of lease plus a standby's 1 s retry, with room for the query. */
export const POSTGRES_LEASES: LeaseTiming = { ttlMs: 3_000, renewEveryMs: 1_000 };
/**
 * PGlite has no fleet to hand over to (one process owns the folder) and one connection for every
 * query: a long lease keeps a renewal queued behind a large batch from costing the worker its lock.
 */
export const PGLITE_LEASES: LeaseTiming = { ttlMs: 30_000, renewEveryMs: 5_000 };

interface Held {
  name: string;
  holder: string;
  controller: AbortController;
  deadline?: ReturnType<typeof setTimeout>;
}

/**
 * Named locks as rows of worker_leases (projections/worker.ts says why a lease and not an
 * advisory lock). One instance per process and database; it renews every lease it holds in one
 * statement, so a process holding a dozen singletons writes once per renewal period.
 */
export class LeaseLocks implements Locks {
  private readonly held = new Map<string, Held>();
  /**
   * Per lock, the holder token of a lease this process gave up for want of a renewal. Its work
   * has stopped, so while the row still names that token nobody else holds the lock, and this
   * process may take it back at once after an outage rather than wait for the row to expire.
   */
  private readonly lost = new Map<string, string>();
  private renewals: ReturnType<typeof setInterval> | undefined;
  private renewing = false;
  private voided: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly timing: LeaseTiming,
    /** Leases in the table belong to no live process (PGlite behind its folder lock): clear them first. */
    private readonly voidLeftovers = false,
  ) {}

  async acquire(name: string): Promise<Lease | undefined> {
    if (this.voidLeftovers) {
      this.voided ??= sql`DELETE FROM worker_leases`.execute(this.db).then(() => undefined);
      await this.voided;
    }
    const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
    const sent = performance.now();
    const { rows } = await sql<{ name: string }>`
      INSERT INTO worker_leases AS l (name, holder, expires_at, acquired_at)
      VALUES (${name}, ${holder}, now() + ${this.interval()}, now())
      ON CONFLICT (name) DO UPDATE
        SET holder = excluded.holder, expires_at = excluded.expires_at, acquired_at = excluded.acquired_at
        WHERE l.expires_at <= now() OR l.holder = ${this.lost.get(name) ?? ''}
      RETURNING l.name`.execute(this.db);
    if (rows.length === 0) return undefined;
    this.lost.delete(name);
    const lease: Held = { name, holder, controller: new AbortController() };
    this.held.set(holder, lease);
    this.extend(lease, sent);
    this.renewals ??= setInterval(() => void this.renew(), this.timing.renewEveryMs);
    this.renewals.unref();
    return { signal: lease.controller.signal, release: () => this.release(lease) };
  }

  /** The names of the locks this process holds now (GET /api/health). */
  heldNames(): string[] {
    return [...new Set([...this.held.values()].map((lease) => lease.name))].sort();
  }

  /** Gives up every lease still held (the database is closing). */
  async close(): Promise<void> {
    await Promise.all([...this.held.values()].map((lease) => this.release(lease)));
  }

  private interval() {
    return sql`${`${this.timing.ttlMs} milliseconds`}::interval`;
  }

  private async renew(): Promise<void> {
    const leases = [...this.held.values()];
    if (this.renewing || leases.length === 0) return;
    this.renewing = true;
    const sent = performance.now();
    try {
      const { rows } = await sql<{ holder: string }>`
        UPDATE worker_leases SET expires_at = now() + ${this.interval()}
        WHERE holder IN (${sql.join(leases.map((l) => l.holder))}) AND expires_at > now()
        RETURNING holder`.execute(this.db);
      const renewed = new Set(rows.map((r) => r.holder));
      for (const lease of leases) {
        if (this.held.get(lease.holder) !== lease) continue;
        if (renewed.has(lease.holder)) this.extend(lease, sent);
        else this.lose(lease, false);
      }
    } catch {
      // Unreachable for now: each lease's deadline decides whether it is still held.
    } finally {
      this.renewing = false;
    }
  }

  /** The lease is ours until `ttlMs` after the renewal that confirmed it was sent. */
  private extend(lease: Held, sent: number) {
    clearTimeout(lease.deadline);
    lease.deadline = setTimeout(() => this.lose(lease, true), sent + this.timing.ttlMs - performance.now());
    lease.deadline.unref();
  }

  /** `mayStillBeOurs`: the row may still name this lease (its renewals went unanswered). */
  private lose(lease: Held, mayStillBeOurs: boolean) {
    if (this.held.get(lease.holder) !== lease) return;
    this.held.delete(lease.holder);
    if (mayStillBeOurs) this.lost.set(lease.name, lease.holder);
    clearTimeout(lease.deadline);
    lease.controller.abort(new Error(`The lease on ${lease.name} was lost`));
    if (this.held.size === 0) {
      clearInterval(this.renewals);
      this.renewals = undefined;
    }
  }

  /** Also after the lease was lost: a row still ours by the database's clock is handed over sooner. */
  private async release(lease: Held): Promise<void> {
    this.lose(lease, false);
    await sql`UPDATE worker_leases SET expires_at = now() WHERE name = ${lease.name} AND holder = ${lease.holder}`.execute(
      this.db,
    );
  }
}
