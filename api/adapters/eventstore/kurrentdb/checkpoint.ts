import { START, type Checkpoint } from '../../../../domain/eventstore/types';

/** A place in the KurrentDB transaction log, as the client reports it. */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

const FORMAT = /^(\d{1,20}):(\d{1,20})$/;

export function formatCheckpoint(position: LogPosition): Checkpoint {
  return `${position.commit}:${position.prepare}` as Checkpoint;
}

/** Before the first event of the log. */
export type LogStart = 'start';

/** The log position a checkpoint names, or 'start' for the beginning of the log. */
export function parseCheckpoint(checkpoint: Checkpoint): LogPosition | LogStart {
  if (checkpoint === START) return 'start';
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new RangeError(`"${checkpoint}" is not a KurrentDB event-store checkpoint`);
  return { commit: BigInt(match[1] ?? '0'), prepare: BigInt(match[2] ?? '0') };
}

/** Log order: by commit position, then by prepare position inside one commit. */
export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** True when an event at `position` lies strictly after the checkpoint. */
export function isAfter(position: LogPosition, after: LogPosition | LogStart): boolean {
  return after === 'start' || comparePositions(position, after) > 0;
}
