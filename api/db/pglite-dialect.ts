/**
 * Kysely's PGlite dialect, as Kysely 0.29 ships it (MIT, github.com/kysely-org/kysely,
 * src/dialect/pglite), kept here because 0.29 requires Node 22 and the product runs on Node 20
 * with Kysely 0.28, which has no PGlite dialect. Delete this file for Kysely's own
 * `PGliteDialect` once Node 22 is the floor. Savepoints and streaming are left out: nothing here
 * uses them, and Kysely says so if something ever does. Unlike 0.29's, it takes the one
 * connection's lock itself (below).
 */
import {
  PostgresAdapter,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { SchemaIntrospector } from './schema-introspector';

class PGliteAdapter extends PostgresAdapter {
  // One process owns a PGlite folder (the lock file), so migrations need no lock of their own.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * What the dialect needs of PGlite: statements, and closing. PGlite itself, or PGlite in a thread
 * of its own (./pglite-thread), which the service uses.
 */
export interface PgliteSession {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
  readonly closed: boolean;
  /** Seconds spent running statements, where the session counts them (PgliteThread). */
  readonly busySeconds?: number;
}

/**
 * One caller's hold on PGlite's one connection (the mutex below), from acquiring it to releasing
 * it. A statement outside a transaction lets the connection go as soon as it is sent: PGlite runs
 * statements in the order they are sent, so the next caller's statement queues behind it instead
 * of waiting for its answer to reach this thread and be handled. In PGlite's own thread the
 * answer crossed back to a service busy with other work, and PGlite waited idle meanwhile: about
 * 3 ms a statement at 600 lookups/s offered (bench README, session 26). A transaction keeps the
 * connection from BEGIN until its COMMIT or ROLLBACK is sent, so no one else's statement runs
 * inside it; neither end waits for its answer before the next statement is sent (session 29).
 */
class PGliteConnection implements DatabaseConnection {
  #inTransaction = false;
  #released = false;
  #begun: Promise<unknown> = Promise.resolve();

  constructor(
    readonly pglite: PgliteSession,
    private readonly unlock: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const answered = this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    if (!this.#inTransaction) this.release();
    const { affectedRows, rows } = await answered;
    return {
      numAffectedRows: affectedRows !== undefined && affectedRows !== null ? BigInt(affectedRows) : undefined,
      rows: rows ?? [],
    };
  }

  /** Lets the next caller have the connection; once, whether a statement or Kysely releases it first. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.unlock();
  }

  // eslint-disable-next-line require-yield -- PGlite cannot stream; Kysely's interface asks for a generator
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** The caller holds the one connection (the mutex below) until it commits or rolls back. */
  async begin(): Promise<void> {
    this.#inTransaction = true;
    // Not waited for: the transaction's statements run after it in PGlite's order, and BEGIN
    // fails only where they would too (PGlite closed); inside a transaction it only warns.
    this.#begun = this.pglite.query('BEGIN');
    this.#begun.catch(() => undefined);
  }

  /**
   * Lets the connection go as soon as the COMMIT is sent, as a statement outside a transaction
   * does: the next caller's statements run after it whatever it answers (a failed COMMIT has
   * already ended the transaction), so they need not wait for the answer to reach this thread.
   */
  async commit(): Promise<void> {
    await this.#begun; // a BEGIN that failed fails the transaction
    await this.end('COMMIT');
  }

  async rollback(): Promise<void> {
    await this.end('ROLLBACK');
  }

  private async end(statement: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const ended = this.pglite.query(statement);
    this.release();
    await ended;
  }
}

/**
 * PGlite has one connection: a caller holds it from acquiring it until its statement is sent, or
 * its transaction ends, so a query from elsewhere never runs inside someone else's transaction.
 * (Kysely 0.29 does this itself for adapters without multiple connections; 0.28 leaves it to the
 * driver, as its SQLite driver does.)
 */
class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class PGliteDriver implements Driver {
  #initialised = false;
  readonly #mutex = new ConnectionMutex();

  constructor(private readonly pglite: PgliteSession) {}

  async init(): Promise<void> {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed.');
    this.#initialised = true;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#initialised) throw new Error('The PGlite driver was used before it was initialised.');
    await this.#mutex.lock();
    return new PGliteConnection(this.pglite, () => this.#mutex.unlock());
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely over one PGlite instance; `db.destroy()` closes it. */
export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PgliteSession }) {}

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
