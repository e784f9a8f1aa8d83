import { describe, expect, it } from 'vitest';
import { START, type Checkpoint } from '../../../../domain/eventstore/types';
import { comparePositions, formatCheckpoint, isAfter, parseCheckpoint, type LogPosition } from './checkpoint';

const at = (commit: bigint, prepare: bigint): LogPosition => ({ commit, prepare });

describe('KurrentDB checkpoints', () => {
  it('write a log position as "commit:prepare" and read it back unchanged, beyond 2^53', () => {
    const position = at(2n ** 63n - 1n, 9_007_199_254_740_993n);
    const checkpoint = formatCheckpoint(position);
    expect(checkpoint).toBe('9223372036854775807:9007199254740993');
    expect(parseCheckpoint(checkpoint)).toEqual(position);
  });

  it('read the start checkpoint as the beginning of the log', () => {
    expect(parseCheckpoint(START)).toBe('start');
    expect(isAfter(at(0n, 0n), parseCheckpoint(START))).toBe(true);
  });

  it('refuse a checkpoint written by another store, naming it', () => {
    for (const foreign of ['0:12:34', '12', 'abc:def', '-1:5', '1:2 ', '']) {
      expect(() => parseCheckpoint(foreign as Checkpoint)).toThrow(/not a KurrentDB event-store checkpoint/);
    }
  });

  it('order positions by commit, then by prepare inside one commit, numerically', () => {
    const sorted = [
      at(1000n, 1000n),
      at(999n, 999n),
      at(1000n, 1200n),
      at(120n, 120n),
      at(1000n, 1100n),
    ].sort(comparePositions);
    expect(sorted.map((p) => formatCheckpoint(p))).toEqual([
      '120:120',
      '999:999',
      '1000:1000',
      '1000:1100',
      '1000:1200',
    ]);
    expect(comparePositions(at(5n, 7n), at(5n, 7n))).toBe(0);
  });

  it('treat only later events as after a checkpoint, so a read that starts on its own position skips it', () => {
    const checkpoint = parseCheckpoint(formatCheckpoint(at(1000n, 1100n)));
    expect(isAfter(at(1000n, 1100n), checkpoint)).toBe(false);
    expect(isAfter(at(1000n, 1000n), checkpoint)).toBe(false);
    expect(isAfter(at(1000n, 1200n), checkpoint)).toBe(true);
    expect(isAfter(at(1001n, 0n), checkpoint)).toBe(true);
  });
});
