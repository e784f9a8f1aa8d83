import { START, type Checkpoint } from '../../../../domain/eventstore/types';

/** A PostgreSQL log position: the epoch, the writing transaction's id and the row's position. */
export interface PgPosition {
  epoch: number;
  tx: string;
  position: string;
}

const FORMAT = /^(\d+):(\d+):(\d+)$/;

export function formatCheckpoint(p: PgPosition): Checkpoint {
  return `${p.epoch}:${p.tx}:${p.position}` as Checkpoint;
}

export function parseCheckpoint(checkpoint: Checkpoint): PgPosition {
  if (checkpoint === START) return { epoch: 0, tx: '0', position: '0' };
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new RangeError(`"${checkpoint}" is not a PostgreSQL event-store checkpoint`);
  return { epoch: Number(match[1]), tx: match[2] ?? '0', position: match[3] ?? '0' };
}
