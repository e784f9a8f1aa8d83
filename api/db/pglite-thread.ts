import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What a statement on PGlite answers, as its `query` does. */
export interface PgliteResult<R> {
  rows: R[];
  affectedRows?: number;
}

/** A PGlite error as it crossed the thread: the fields of PostgreSQL's error report. */
export class PgliteError extends Error {
  declare code?: string;
  declare detail?: string;
  declare constraint?: string;
  declare table?: string;
  declare schema?: string;
}

interface Answer {
  id: number;
  /** How long the statement ran in the thread, in ms. */
  ms?: number;
  result?: PgliteResult<unknown>;
  error?: { message: string; fields: Record<string, string | undefined> };
}

/**
 * The thread's own code, plain JavaScript: a worker started from a source file would need the
 * TypeScript loader of whatever runs the service (tsx, vitest, the built bundle) in the thread
 * too. It opens PGlite, then answers one statement at a time, errors as plain fields (a thrown
 * error crosses a thread without its `code`).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'schema', 'column', 'severity', 'where'];
const failure = (id, error) => ({
  id,
  error: {
    message: error instanceof Error ? error.message : String(error),
    fields: Object.fromEntries(FIELDS.map((f) => [f, error && typeof error[f] === 'string' ? error[f] : undefined])),
  },
});
(async () => {
  let pglite;
  try {
    const { PGlite } = require(workerData.module);
    const startParams = [...PGlite.defaultStartParams, ...workerData.startParams];
    pglite = workerData.dataDir
      ? await PGlite.create(workerData.dataDir, { startParams })
      : await PGlite.create({ startParams, loadDataDir: workerData.image });
  } catch (error) {
    parentPort.postMessage(failure(0, error));
    return;
  }
  parentPort.postMessage({ id: 0, result: { rows: [] } });
  parentPort.on('message', async ({ id, sql, params, close }) => {
    if (close) {
      await pglite.close().catch(() => undefined);
      parentPort.postMessage({ id, result: { rows: [] } });
      parentPort.close();
      return;
    }
    const started = performance.now();
    try {
      const { rows, affectedRows } = await pglite.query(sql, params, { rowMode: 'object' });
      parentPort.postMessage({ id, ms: performance.now() - started, result: { rows, affectedRows } });
    } catch (error) {
      parentPort.postMessage({ ...failure(id, error), ms: performance.now() - started });
    }
  });
})();
`;

/**
 * PGlite in a thread of its own. In the service's thread it took 58% of that thread at 2,000
 * lookups/s offered (its WebAssembly 35%, its wire protocol's JavaScript 23%), and everything
 * else waited for it; in its own thread it works on the second core while the service goes on
 * (scripts/bench/README.md, session 25). It runs statements one at a time, in the order they
 * are sent: the dialect holds the one connection while a statement is sent, or through a whole
 * transaction, so several statements may wait here at once (pglite-dialect.ts).
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(a: Answer): void }>();
  private next = 1;
  private closing: Promise<void> | undefined;
  private ended = false;
  private busyMs = 0;
  private readonly ready: Promise<void>;

  private constructor(options: { dataDir?: string; image?: Blob; startParams: readonly string[] }) {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      workerData: {
        module: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
        dataDir: options.dataDir,
        image: options.image,
        startParams: options.startParams,
      },
    });
    this.worker.on('message', (answer: Answer) => {
      this.busyMs += answer.ms ?? 0;
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      // An idle thread does not keep the process alive, as PGlite in the main thread did not.
      if (this.waiting.size === 0) this.worker.unref();
      waiter?.resolve(answer);
    });
    const fail = (error: unknown) => {
      this.ended = true;
      for (const [id, waiter] of this.waiting)
        waiter.resolve({ id, error: { message: `PGlite is closed: ${String(error)}`, fields: {} } });
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail('its thread ended'));
    this.ready = this.answer(0)
      .then(unwrap)
      .then(() => undefined);
  }

  static async open(options: {
    dataDir?: string;
    image?: Blob;
    startParams: readonly string[];
  }): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.ready;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.ended;
  }

  /**
   * Seconds the thread has spent running statements since it opened. It runs one at a time, so
   * this grows by at most a second a second: its rate is how busy PGlite is, and near 1 it is
   * what everything else waits for.
   */
  get busySeconds(): number {
    return this.busyMs / 1000;
  }

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<PgliteResult<R>> {
    if (this.ended) throw new PgliteError('PGlite is closed');
    const id = this.next++;
    const answered = this.answer(id);
    this.worker.postMessage({ id, sql, params });
    return unwrap(await answered) as PgliteResult<R>;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.ended) return;
      const id = this.next++;
      const answered = this.answer(id);
      this.worker.postMessage({ id, close: true });
      await answered;
      this.ended = true;
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private answer(id: number): Promise<Answer> {
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve) => this.waiting.set(id, { resolve }));
  }
}

function unwrap(answer: Answer): PgliteResult<unknown> {
  if (answer.error) {
    const error = new PgliteError(answer.error.message);
    for (const [field, value] of Object.entries(answer.error.fields))
      if (value !== undefined) Object.assign(error, { [field]: value });
    throw error;
  }
  return answer.result ?? { rows: [] };
}
