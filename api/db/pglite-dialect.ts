/**
 * Kysely's PGlite dialect, as Kysely 0.29 ships it (MIT, github.com/kysely-org/kysely,
 * src/dialect/pglite), kept here because 0.29 requires Node 22 and the product runs on Node 20
 * with Kysely 0.28, which has no PGlite dialect. Delete this file for Kysely's own
 * `PGliteDialect` once Node 22 is the floor. Savepoints and streaming are left out: nothing here
 * uses them, and Kysely says so if something ever does. Unlike 0.29's, it takes the one
 * connection's lock itself (below).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
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

class PGliteConnection implements DatabaseConnection {
  #transaction: Transaction | undefined;
  #commit: (() => void) | undefined;
  #rollback: ((reason?: unknown) => void) | undefined;
  #closed: Promise<void> | undefined;

  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.#transaction ?? this.pglite).query<R>(
      compiled.sql,
      [...compiled.parameters],
      { rowMode: 'object' },
    );
    return {
      numAffectedRows: affectedRows !== undefined && affectedRows !== null ? BigInt(affectedRows) : undefined,
      rows: rows ?? [],
    };
  }

  // eslint-disable-next-line require-yield -- PGlite cannot stream; Kysely's interface asks for a generator
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** PGlite's own transaction holds the instance, so nothing else runs inside it. */
  async begin(): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => {
      this.#commit = resolve;
      this.#rollback = reject;
    });
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    this.#closed = this.pglite.transaction(async (tx) => {
      this.#transaction = tx;
      begun();
      await committed;
    });
    await started;
  }

  async commit(): Promise<void> {
    this.#commit?.();
    try {
      await this.#closed;
    } finally {
      this.#reset();
    }
  }

  async rollback(): Promise<void> {
    this.#rollback?.(new Error('Transaction rolled back'));
    await this.#closed?.catch(() => undefined);
    this.#reset();
  }

  #reset() {
    this.#commit = undefined;
    this.#rollback = undefined;
    this.#transaction = undefined;
    this.#closed = undefined;
  }
}

/**
 * PGlite has one connection: a caller holds it from acquiring to releasing it, so a query from
 * elsewhere never runs inside someone else's transaction. (Kysely 0.29 does this itself for
 * adapters without multiple connections; 0.28 leaves it to the driver, as its SQLite driver does.)
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
  #connection: PGliteConnection | undefined;
  readonly #mutex = new ConnectionMutex();

  constructor(private readonly pglite: PGlite) {}

  async init(): Promise<void> {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.pglite.waitReady;
    this.#connection = new PGliteConnection(this.pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#connection) throw new Error('The PGlite driver was used before it was initialised.');
    await this.#mutex.lock();
    return this.#connection;
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

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely over one PGlite instance; `db.destroy()` closes it. */
export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}

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
