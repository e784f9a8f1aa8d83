import { randomBytes, randomUUID } from 'node:crypto';
import type { OperationalDb } from '../db/operational';
import { KEY_BYTES } from './cipher';

export interface SubjectKey {
  keyId: string;
  key: Buffer;
}

/** The keys that protect personal fields, kept outside the log. */
export interface PersonalDataKeys {
  /**
   * The subject's current key, created on first use (safe when several processes race); undefined
   * once the subject was erased for good, when nothing may be sealed for it again.
   */
  keyFor(subject: string): Promise<SubjectKey | undefined>;
  /** The keys that still exist among these ids; a deleted key is simply absent. */
  find(keyIds: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * Deletes the subjects' keys: what they sealed cannot be read again, here or in any process.
   * `forever` subjects (a deleted account's person) get no key again; the others (a portal that
   * may be connected again) get a new one when next needed.
   */
  shred(subjects: readonly string[], options?: { forever?: boolean }): Promise<void>;
}

/**
 * How long a process trusts a key it read without asking the database again. Another process
 * that deletes the key stops this one from reading with it after at most this long; the process
 * that deletes it stops at once. Short, because a cache miss costs one indexed read per batch.
 */
export const KEY_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

interface Cached<T> {
  value: T;
  until: number;
}

/** A bounded map whose entries expire; the oldest entry goes first when it is full. */
class ExpiringCache<T> {
  private readonly entries = new Map<string, Cached<T>>();
  constructor(private readonly clock: () => number) {}

  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.value;
    this.entries.delete(id);
    return undefined;
  }

  set(id: string, value: T, ttlMs: number) {
    this.entries.delete(id);
    if (this.entries.size >= MAX_CACHED) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, { value, until: this.clock() + ttlMs });
  }

  delete(id: string) {
    this.entries.delete(id);
  }
}

/** Key ids are random and never reused: one found missing stays missing, so that is kept for good. */
const MISSING = null;

export class PostgresPersonalDataKeys implements PersonalDataKeys {
  private readonly bySubject: ExpiringCache<SubjectKey | typeof MISSING>;
  private readonly byId: ExpiringCache<Buffer | typeof MISSING>;
  private readonly loading = new Map<string, Promise<SubjectKey | undefined>>();

  constructor(
    private readonly db: OperationalDb,
    private readonly clock: () => number = Date.now,
  ) {
    this.bySubject = new ExpiringCache(clock);
    this.byId = new ExpiringCache(clock);
  }

  async keyFor(subject: string): Promise<SubjectKey | undefined> {
    const cached = this.bySubject.get(subject);
    if (cached !== undefined) return cached ?? undefined;
    // The events of one append (a webhook's batch of a hundred) ask for the same subject at once:
    // one read serves them all, where each would otherwise write and read the key row itself.
    let loading = this.loading.get(subject);
    if (!loading) {
      loading = this.load(subject).finally(() => this.loading.delete(subject));
      this.loading.set(subject, loading);
    }
    return loading;
  }

  private async load(subject: string): Promise<SubjectKey | undefined> {
    // Read first: the key exists for all but a subject's first event, and the cache expires often.
    const row = (await this.stored(subject)) ?? (await this.create(subject));
    if (row.key_id === null || row.key === null) {
      this.bySubject.set(subject, MISSING, Number.POSITIVE_INFINITY);
      return undefined;
    }
    const found = { keyId: row.key_id, key: Buffer.from(row.key, 'base64') };
    this.bySubject.set(subject, found, KEY_CACHE_MS);
    this.byId.set(found.keyId, found.key, KEY_CACHE_MS);
    return found;
  }

  private stored(subject: string) {
    return this.db
      .selectFrom('personal_data_keys')
      .select(['key_id', 'key'])
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  /** A new key for the subject; another writer's, when it made one first. */
  private async create(subject: string) {
    await this.db
      .insertInto('personal_data_keys')
      .values({ subject, key_id: randomUUID(), key: randomBytes(KEY_BYTES).toString('base64') })
      .onConflict((oc) => oc.column('subject').doNothing())
      .execute();
    const row = await this.stored(subject);
    if (!row) throw new Error(`No personal data key for ${subject} after making one`);
    return row;
  }

  async find(keyIds: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const unknown: string[] = [];
    for (const id of new Set(keyIds)) {
      const cached = this.byId.get(id);
      if (cached === undefined) unknown.push(id);
      else if (cached !== MISSING) found.set(id, cached);
    }
    if (unknown.length > 0) {
      const rows = await this.db
        .selectFrom('personal_data_keys')
        .select(['key_id', 'key'])
        .where('key_id', 'in', unknown)
        .execute();
      const keys = new Map(rows.map((r) => [r.key_id, Buffer.from(r.key ?? '', 'base64')]));
      for (const id of unknown) {
        const key = keys.get(id);
        if (key) found.set(id, key);
        this.byId.set(id, key ?? MISSING, key ? KEY_CACHE_MS : Number.POSITIVE_INFINITY);
      }
    }
    return found;
  }

  async shred(subjects: readonly string[], options: { forever?: boolean } = {}): Promise<void> {
    if (subjects.length === 0) return;
    const deleted = await this.db
      .deleteFrom('personal_data_keys')
      .where('subject', 'in', [...subjects])
      .returning('key_id')
      .execute();
    if (options.forever)
      await this.db
        .insertInto('personal_data_keys')
        .values(subjects.map((subject) => ({ subject, key_id: null, key: null })))
        .onConflict((oc) => oc.column('subject').doUpdateSet({ key_id: null, key: null }))
        .execute();
    for (const subject of subjects) {
      this.bySubject.delete(subject);
      this.loading.delete(subject);
    }
    for (const { key_id } of deleted)
      if (key_id !== null) this.byId.set(key_id, MISSING, Number.POSITIVE_INFINITY);
  }
}
