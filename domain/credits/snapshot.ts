import type { SnapshotCodec } from '../decider';
import { isRecord, isStringList, isWholeNumber } from '../snapshot-shape';
import type { CreditsState } from './state';

/** A user's credits as a snapshot: the balance, the sources already credited, the lookups in flight. */
export const creditsSnapshot: SnapshotCodec<CreditsState> = {
  version: 1,
  encode: (state) => ({
    balance: state.balance,
    appliedSources: [...state.appliedSources],
    inFlight: [...state.inFlight],
  }),
  decode(data) {
    if (!isRecord(data) || !isWholeNumber(data.balance)) return undefined;
    if (!isStringList(data.appliedSources) || !isStringList(data.inFlight)) return undefined;
    return {
      balance: data.balance,
      appliedSources: new Set(data.appliedSources),
      inFlight: new Set(data.inFlight),
    };
  },
};
