/** An event as the domain produces it; the command handler gives it an id and metadata. */
export interface DomainEvent<
  Type extends string = string,
  Data extends Record<string, unknown> = Record<string, unknown>,
> {
  type: Type;
  data: Data;
}

/**
 * A stream's rules: `decide` turns a command and the current state into events (or throws a
 * domain error); `evolve` folds an event into the state. Both are pure.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): readonly Event[];
  /** Present on deciders whose streams grow with use: their state is kept as snapshots. */
  snapshot?: SnapshotCodec<State>;
}

/**
 * A decider's state written out as JSON (a snapshot), so that loading a long stream reads only
 * the events after it instead of folding the whole history again.
 */
export interface SnapshotCodec<State> {
  /**
   * Raise it whenever a snapshot taken before would no longer equal the fold of the same events:
   * `evolve` or anything it calls changed meaning, or the state changed shape. Snapshots of
   * another version are ignored and the stream is folded again.
   */
  version: number;
  encode(state: State): Record<string, unknown>;
  /** The state the data was encoded from, or undefined when it is not a snapshot of this shape. */
  decode(data: unknown): State | undefined;
}

/** Fails the type check when a switch over a union forgot a case. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}
