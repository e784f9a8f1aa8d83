/** What an account's stream folds to; its own module so that the decider and its snapshot codec share it without importing each other. */
export interface RegisteredAccount {
  status: 'registered';
  userId: string;
  email: string;
  passwordHash: string;
  partner: string | null;
  registeredAt: string;
  isAdmin: boolean;
  /** Below this balance the user wants one e-mail; null means no notifications. */
  creditThreshold: number | null;
  /** True after the e-mail's unsubscribe link, until a threshold is set again. */
  notificationsUnsubscribed: boolean;
  /** The threshold the unsubscribe link turned off, offered back with one click. */
  thresholdBeforeUnsubscribe: number | null;
  /** True while the next fall below the threshold should send a notice. */
  lowCreditNoticeArmed: boolean;
}

/** What is left of an erased account: that it existed, and when it ended. */
export interface DeletedAccount {
  status: 'deleted';
  userId: string;
  deletedAt: string;
}

export type AccountState = { status: 'none' } | RegisteredAccount | DeletedAccount;
