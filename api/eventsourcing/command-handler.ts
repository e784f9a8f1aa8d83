import { v5 as uuidv5, v4 as uuidv4 } from 'uuid';
import type { Decider, DomainEvent, SnapshotCodec } from '../../domain/decider';
import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from '../../domain/eventstore/types';
import { snapshotVersion, type Snapshots } from './snapshots';

/** Namespace for event ids derived from command ids; fixed forever, or retries stop being recognised. */
const EVENT_ID_NAMESPACE = '6f1c3b8e-2d4a-5e7f-9a0b-1c2d3e4f5a6b';

export interface CommandContext {
  /** Same id on a retry of the same command (a webhook delivery, a payment): its events get the same ids. */
  commandId?: string;
  metadata?: EventMetadata;
}

export interface HandleResult<State, Event> {
  state: State;
  events: readonly Event[];
  /** Revision of the stream's last event, -1 when the stream does not exist. */
  revision: bigint;
}

interface Folded<State> {
  state: State;
  revision: bigint;
  /** Id of the event at `revision`: a snapshot names it, and counts only while it is still there. */
  eventId: string | undefined;
  /** Revision of the last snapshot written or read; -1 when there is none. */
  snapshotRevision: bigint;
}

/** Events read at once while folding a stream: what a load holds in memory besides the state. */
const LOAD_PAGE = 1000;

/** One command of a batch: its id makes its events' ids, so a retried batch is recognised. */
export interface BatchCommand<Command> {
  command: Command;
  commandId: string;
  metadata?: EventMetadata;
}

export type BatchOutcome<Event> = { ok: true; events: readonly Event[] } | { ok: false; error: unknown };

interface Decided<State, Event> {
  next: State;
  outcomes: BatchOutcome<Event>[];
  events: NewEvent[];
}

/**
 * Whether an append can confirm this decision when it was made on a state held in memory: not
 * when nothing is to be written or a command was refused, for those may rest on a stale state.
 */
const confirmable = (outcomes: readonly BatchOutcome<unknown>[], events: readonly NewEvent[]) =>
  events.length > 0 && outcomes.every((o) => o.ok);

export interface BatchResult<State, Event> {
  state: State;
  /** One per command, in order: what it decided, or the domain error it threw. */
  outcomes: BatchOutcome<Event>[];
  revision: bigint;
}

export interface CommandHandlerOptions {
  /** Streams whose folded state is kept in memory; only the events after it are read next time. */
  cacheSize?: number;
  /** Attempts when another writer changed the stream between read and append. */
  maxAttempts?: number;
  /**
   * Where folded states are kept for other processes and the next start, for deciders that have
   * a snapshot codec. Without it a cold load folds the whole stream.
   */
  snapshots?: Snapshots;
}

/**
 * Loads a stream's state (or takes the one it holds), asks the decider, appends what it decided
 * at that revision, and on a conflict reads what changed and decides again, a bounded number of
 * times.
 */
export class CommandHandler<State, Command, Event extends DomainEvent> {
  private readonly cache = new Map<string, Folded<State>>();
  private readonly cacheSize: number;
  private readonly maxAttempts: number;
  private readonly snapshots: { store: Snapshots; codec: SnapshotCodec<State>; version: string } | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<State, Command, Event>,
    options: CommandHandlerOptions = {},
  ) {
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxAttempts = options.maxAttempts ?? 12;
    const codec = decider.snapshot;
    this.snapshots =
      options.snapshots && codec
        ? { store: options.snapshots, codec, version: snapshotVersion(decider, codec) }
        : undefined;
  }

  /**
   * The stream's current state: from the cached fold, else from the latest snapshot, else from
   * the start, reading what came after it page by page.
   */
  async load(stream: string): Promise<{ state: State; revision: bigint }> {
    const snapshot = this.cache.has(stream) ? undefined : await this.readSnapshot(stream);
    let folded = this.cache.get(stream) ?? snapshot ?? this.initial();
    // A snapshot is read together with the event it was taken at, which must still be there.
    let from: bigint | null = snapshot ? snapshot.revision : folded.revision + 1n;
    let verify = snapshot !== undefined;
    while (from !== null) {
      const page = await this.store.readStreamPage(stream, { fromRevision: from, limit: LOAD_PAGE });
      let events = page.events;
      if (verify) {
        verify = false;
        const first = events[0];
        if (first?.revision !== folded.revision || first.id.toLowerCase() !== folded.eventId) {
          folded = this.initial();
          from = 0n;
          continue;
        }
        events = events.slice(1);
      }
      let { state, revision, eventId } = folded;
      for (const event of events) {
        state = this.decider.evolve(state, { type: event.type, data: event.data } as Event);
        revision = event.revision;
        eventId = event.id;
      }
      folded = { ...folded, state, revision, eventId };
      from = page.next;
    }
    this.remember(stream, folded);
    return { state: folded.state, revision: folded.revision };
  }

  async handle(
    stream: string,
    command: Command,
    context: CommandContext = {},
  ): Promise<HandleResult<State, Event>> {
    const commandId = context.commandId ?? uuidv4();
    for (let attempt = 1; ; attempt++) {
      const held = attempt === 1 ? this.held(stream) : undefined;
      const { state, revision } = held ?? (await this.load(stream));
      const { next, outcomes, events } = this.decideEach(stream, state, [
        { command, commandId, ...(context.metadata ? { metadata: context.metadata } : {}) },
      ]);
      if (held && !confirmable(outcomes, events)) continue;
      const outcome = outcomes[0]!;
      if (!outcome.ok) throw outcome.error;
      const decided = outcome.events;
      if (decided.length === 0) return { state, events: [], revision };
      try {
        const result = await this.store.append(stream, events, {
          expected: revision < 0n ? 'no_stream' : revision,
        });
        if (result.idempotent) {
          // Written by an earlier attempt of the same command: report what the stream holds now.
          this.cache.delete(stream);
          const now = await this.load(stream);
          return { state: now.state, events: decided, revision: now.revision };
        }
        this.remember(stream, this.after(stream, next, result.nextRevision, events));
        return { state: next, events: decided, revision: result.nextRevision };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= this.maxAttempts) throw error;
        // What it held was stale: read what changed at once. Contention: wait a little first.
        if (held) continue;
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4 * attempt)));
      }
    }
  }

  /**
   * Decides several commands on one stream in order, each seeing the state the previous left,
   * and appends everything they decided in one write. A command the domain refuses is reported
   * and skipped; the others go ahead.
   */
  async handleEach(
    stream: string,
    commands: readonly BatchCommand<Command>[],
  ): Promise<BatchResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const held = attempt === 1 ? this.held(stream) : undefined;
      const { state, revision } = held ?? (await this.load(stream));
      const { next, outcomes, events } = this.decideEach(stream, state, commands);
      if (held && !confirmable(outcomes, events)) continue;
      if (events.length === 0) return { state, outcomes, revision };
      const expected = revision < 0n ? 'no_stream' : revision;
      try {
        const result = await this.store.append(stream, events, { expected });
        if (result.idempotent) {
          this.cache.delete(stream);
          const now = await this.load(stream);
          return { state: now.state, outcomes, revision: now.revision };
        }
        this.remember(stream, this.after(stream, next, result.nextRevision, events));
        return { state: next, outcomes, revision: result.nextRevision };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // The stream did not move, yet the append was refused: some of these event ids are
        // already stored (an earlier run of some of these commands). Each command alone is
        // recognised as the retry it is.
        if (error.actual === expected) return this.handleOneByOne(stream, commands);
        if (attempt >= this.maxAttempts) throw error;
        if (held) continue;
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4 * attempt)));
      }
    }
  }

  /**
   * `handleEach` for several streams at once (a wave's users), with the streams whose state it
   * holds appended together in as few writes as the store allows; each stream keeps its own
   * expected revision, and any that is not plainly appended (unknown here, stale, refused, or a
   * retry the store recognised) is handled alone by `handleEach`, as it would have been.
   */
  async handleEachAcross(
    batches: ReadonlyMap<string, readonly BatchCommand<Command>[]>,
  ): Promise<Map<string, BatchResult<State, Event>>> {
    const results = new Map<string, BatchResult<State, Event>>();
    const alone: string[] = [];
    const together: { stream: string; revision: bigint; decided: Decided<State, Event> }[] = [];
    for (const [stream, commands] of batches) {
      const held = this.held(stream);
      const decided = held && this.decideEach(stream, held.state, commands);
      if (held && decided && confirmable(decided.outcomes, decided.events))
        together.push({ stream, revision: held.revision, decided });
      else alone.push(stream);
    }
    const appended =
      together.length > 0
        ? await this.store.appendEach(
            together.map(({ stream, revision, decided }) => ({
              stream,
              events: decided.events,
              expected: revision < 0n ? 'no_stream' : revision,
            })),
          )
        : [];
    for (const [i, { stream, decided }] of together.entries()) {
      const outcome = appended[i];
      if (!outcome?.ok || outcome.result.idempotent) {
        alone.push(stream);
        continue;
      }
      const { nextRevision } = outcome.result;
      this.remember(stream, this.after(stream, decided.next, nextRevision, decided.events));
      results.set(stream, { state: decided.next, outcomes: decided.outcomes, revision: nextRevision });
    }
    await Promise.all(
      alone.map(async (stream) => results.set(stream, await this.handleEach(stream, batches.get(stream)!))),
    );
    return results;
  }

  /** What the commands decide on `state` in order, each seeing what the one before left. */
  private decideEach(
    stream: string,
    state: State,
    commands: readonly BatchCommand<Command>[],
  ): Decided<State, Event> {
    let next = state;
    const outcomes: BatchOutcome<Event>[] = [];
    const events: NewEvent[] = [];
    for (const { command, commandId, metadata } of commands) {
      let decided: readonly Event[];
      try {
        decided = this.decider.decide(command, next);
      } catch (error) {
        outcomes.push({ ok: false, error });
        continue;
      }
      decided.forEach((e, i) =>
        events.push({
          id: uuidv5(`${stream}:${commandId}:${i}`, EVENT_ID_NAMESPACE),
          type: e.type,
          data: e.data,
          metadata: { ...metadata, causationId: metadata?.causationId ?? commandId },
        }),
      );
      next = decided.reduce((s, e) => this.decider.evolve(s, e), next);
      outcomes.push({ ok: true, events: decided });
    }
    return { next, outcomes, events };
  }

  private async handleOneByOne(
    stream: string,
    commands: readonly BatchCommand<Command>[],
  ): Promise<BatchResult<State, Event>> {
    const outcomes: BatchOutcome<Event>[] = [];
    for (const { command, commandId, metadata } of commands) {
      try {
        const { events } = await this.handle(stream, command, { commandId, metadata });
        outcomes.push({ ok: true, events });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    const { state, revision } = await this.load(stream);
    return { state, outcomes, revision };
  }

  /**
   * The state this handler holds for the stream, to decide on without reading it first: an
   * append at its revision is refused if another writer moved the stream, and the command is then
   * decided again on what changed. A decision no append confirms (nothing to do, or a refusal)
   * is made again on a fresh read before it is answered, for it may rest on a stale state.
   */
  private held(stream: string): { state: State; revision: bigint } | undefined {
    const folded = this.cache.get(stream);
    return folded && { state: folded.state, revision: folded.revision };
  }

  private initial(): Folded<State> {
    return { state: this.decider.initialState(), revision: -1n, eventId: undefined, snapshotRevision: -1n };
  }

  /** The fold after this handler's own append, which moved the stream from where it had it. */
  private after(
    stream: string,
    state: State,
    revision: bigint,
    appended: readonly NewEvent[],
  ): Folded<State> {
    const snapshotRevision = this.cache.get(stream)?.snapshotRevision ?? -1n;
    return { state, revision, eventId: appended.at(-1)?.id.toLowerCase(), snapshotRevision };
  }

  private async readSnapshot(stream: string): Promise<Folded<State> | undefined> {
    if (!this.snapshots) return undefined;
    const { store, codec, version } = this.snapshots;
    const stored = await store.read(stream, version);
    const state = stored && codec.decode(stored.state);
    if (!stored || state === undefined) return undefined;
    const eventId = stored.eventId.toLowerCase();
    return { state, revision: stored.revision, eventId, snapshotRevision: stored.revision };
  }

  private remember(stream: string, folded: Folded<State>) {
    const snapshots = this.snapshots;
    if (snapshots && folded.eventId && folded.revision - folded.snapshotRevision >= snapshots.store.every) {
      snapshots.store.take({
        stream,
        version: snapshots.version,
        revision: folded.revision,
        eventId: folded.eventId,
        state: snapshots.codec.encode(folded.state),
      });
      folded = { ...folded, snapshotRevision: folded.revision };
    }
    this.cache.delete(stream);
    this.cache.set(stream, folded);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}
