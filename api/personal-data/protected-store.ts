import type { PersonalDataCatalogue } from '../../domain/eventstore/personal-data';
import type {
  AppendedListener,
  AppendOutcome,
  AppendResult,
  EventData,
  EventStore,
  ExpectedStreamState,
  NewEvent,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  ReadStreamPageOptions,
  RecordedEvent,
  StreamAppend,
  StreamPage,
} from '../../domain/eventstore/types';
import { fieldContext, isSealed, open, seal } from './cipher';
import type { PersonalDataKeys } from './keys';

/**
 * The event store with personal fields encrypted: on the way in, every field the catalogue
 * declares personal is sealed under its subject's key; on the way out it is opened, or reads as
 * the catalogue's placeholder when the key has been deleted. It wraps the port, so every adapter
 * (PostgreSQL, PGlite, KurrentDB) stores only ciphertext for those fields and every reader
 * (commands, projections, replay) sees the same values. Events stored before it are plaintext and
 * read as they are.
 */
export class PersonalDataProtectingStore implements EventStore {
  readonly kind: EventStore['kind'];

  constructor(
    private readonly inner: EventStore,
    private readonly keys: PersonalDataKeys,
    private readonly catalogue: PersonalDataCatalogue,
  ) {
    this.kind = inner.kind;
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedStreamState },
  ): Promise<AppendResult> {
    return this.inner.append(stream, await this.sealAll(stream, events), options);
  }

  async appendEach(appends: readonly StreamAppend[]): Promise<AppendOutcome[]> {
    const sealed = await Promise.all(
      appends.map(async (a) => ({ ...a, events: await this.sealAll(a.stream, a.events) })),
    );
    return this.inner.appendEach(sealed);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(stream, options));
  }

  async readStreamPage(stream: string, options: ReadStreamPageOptions): Promise<StreamPage> {
    const page = await this.inner.readStreamPage(stream, options);
    return { ...page, events: await this.openAll(page.events) };
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const result = await this.inner.readAll(options);
    return { ...result, events: await this.openAll(result.events) };
  }

  awaitVisible(timeoutMs?: number): Promise<void> {
    return this.inner.awaitVisible(timeoutMs);
  }

  onAppended(listener: AppendedListener): () => void {
    return this.inner.onAppended(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async sealAll(stream: string, events: readonly NewEvent[]): Promise<readonly NewEvent[]> {
    if (!events.some((e) => this.catalogue[e.type])) return events;
    return Promise.all(events.map((e) => this.sealOne(stream, e)));
  }

  private async sealOne(stream: string, event: NewEvent): Promise<NewEvent> {
    const declared = this.catalogue[event.type];
    if (!declared) return event;
    const fields = Object.keys(declared.fields).filter(
      (f) => event.data[f] !== undefined && !isSealed(event.data[f]),
    );
    const subject = declared.subject(stream, event.data);
    if (fields.length === 0 || subject === undefined) return event;
    const found = await this.keys.keyFor(subject);
    const data: EventData = { ...event.data };
    // A subject erased for good gets no key again: what arrives for it late is stored already erased.
    for (const f of fields)
      data[f] = found
        ? seal(found.key, found.keyId, event.data[f], fieldContext(event.id, f))
        : declared.fields[f]!(event.data);
    return { ...event, data };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const keyIds: string[] = [];
    for (const e of events)
      for (const value of Object.values(e.data)) if (isSealed(value)) keyIds.push(value.key);
    if (keyIds.length === 0) return events;
    const keys = await this.keys.find(keyIds);
    return events.map((event) => {
      if (!Object.values(event.data).some(isSealed)) return event;
      const placeholders = this.catalogue[event.type]?.fields ?? {};
      const data: EventData = { ...event.data };
      for (const [f, value] of Object.entries(event.data)) {
        if (!isSealed(value)) continue;
        const key = keys.get(value.key);
        const read = () =>
          key ? open(key, value, fieldContext(event.id, f)) : (placeholders[f]?.(event.data) ?? null);
        // Opened when first read: a projection reads every event of the log and uses few of them.
        let opened: { value: unknown } | undefined;
        Object.defineProperty(data, f, {
          enumerable: true,
          configurable: true,
          get: () => (opened ??= { value: read() }).value,
          set: (v: unknown) => (opened = { value: v }),
        });
      }
      return { ...event, data };
    });
  }
}
