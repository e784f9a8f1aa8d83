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
}

/** Fails the type check when a switch over a union forgot a case. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}
