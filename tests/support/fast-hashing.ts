import type { ScryptParams } from '../../api/auth/passwords';

/** scrypt at a cost tests can afford by the dozen; the stored format still names it. */
export const FAST_HASHING: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };
