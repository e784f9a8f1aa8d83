import type { SnapshotCodec } from '../decider';
import { isRecord, isStringOrNull, isWholeNumber } from '../snapshot-shape';
import type { AccountState } from './state';

const TEXT_FIELDS = ['userId', 'email', 'passwordHash', 'registeredAt'] as const;
const FLAGS = ['isAdmin', 'notificationsUnsubscribed', 'lowCreditNoticeArmed'] as const;

/** An account as a snapshot: its state is plain data already. */
export const accountSnapshot: SnapshotCodec<AccountState> = {
  version: 1,
  encode: (state) => ({ ...state }),
  decode(data) {
    if (!isRecord(data)) return undefined;
    if (data.status === 'none') return { status: 'none' };
    if (data.status === 'deleted')
      return typeof data.userId === 'string' && typeof data.deletedAt === 'string'
        ? { status: 'deleted', userId: data.userId, deletedAt: data.deletedAt }
        : undefined;
    if (data.status !== 'registered') return undefined;
    if (!TEXT_FIELDS.every((f) => typeof data[f] === 'string')) return undefined;
    if (!FLAGS.every((f) => typeof data[f] === 'boolean')) return undefined;
    if (!isStringOrNull(data.partner)) return undefined;
    const thresholds = [data.creditThreshold, data.thresholdBeforeUnsubscribe];
    if (!thresholds.every((t) => t === null || isWholeNumber(t))) return undefined;
    return {
      status: 'registered',
      userId: data.userId as string,
      email: data.email as string,
      passwordHash: data.passwordHash as string,
      registeredAt: data.registeredAt as string,
      partner: data.partner,
      isAdmin: data.isAdmin as boolean,
      creditThreshold: data.creditThreshold as number | null,
      thresholdBeforeUnsubscribe: data.thresholdBeforeUnsubscribe as number | null,
      notificationsUnsubscribed: data.notificationsUnsubscribed as boolean,
      lowCreditNoticeArmed: data.lowCreditNoticeArmed as boolean,
    };
  },
};
