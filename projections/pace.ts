/**
 * How a replay shares the machine with the service beside it: with a pace of `share`, the replay
 * works that share of the time and rests the rest, so live requests keep the CPU and database for
 * the remainder. A pace of 1 replays flat out.
 */

export class PaceError extends Error {}

/**
 * The pace a replay runs at when none is given: flat out only when no service can be running.
 * Beside a service, a quarter: on the 2-core machine of `npm run bench -- replay` that kept the
 * delay a replay adds to a lookup's p99 within the lookups' usual p99, where half did not.
 */
export function defaultPace(serviceMayRun: boolean): number {
  return serviceMayRun ? 0.25 : 1;
}

export function parsePace(text: string | undefined): number {
  const share = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(share) || share <= 0 || share > 1)
    throw new PaceError(
      `--pace needs the share of the time the replay may work, above 0 and at most 1 (got "${text ?? ''}"): ` +
        '--pace 0.5 rests as long as it works, --pace 1 replays flat out.',
    );
  return share;
}

/** Milliseconds to rest after a batch whose work took `workMs`, so the work is `share` of the time. */
export function restAfter(workMs: number, share: number): number {
  if (share >= 1 || workMs <= 0) return 0;
  return workMs * (1 / share - 1);
}
