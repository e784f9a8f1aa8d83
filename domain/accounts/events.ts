import type { DomainEvent } from '../decider';

/** Why an account became admin: listed in ADMIN_EMAILS, or granted from the command line. */
export type AdminGrantReason = 'admin_emails' | 'script';

/** How a password came to change: the signed-in user changed it, or a reset link was used. */
export type PasswordChangeKind = 'change' | 'reset';

export type AccountEvent =
  | DomainEvent<
      'AccountRegistered',
      { userId: string; email: string; passwordHash: string; partner: string | null; registeredAt: string }
    >
  | DomainEvent<'PasswordChanged', { passwordHash: string; via: PasswordChangeKind; at: string }>
  | DomainEvent<'AdminGranted', { reason: AdminGrantReason; at: string }>
  | DomainEvent<'CreditThresholdSet', { threshold: number | null; at: string }>
  | DomainEvent<'CreditNotificationsUnsubscribed', { at: string }>
  | DomainEvent<'LowCreditNoticeSent', { balance: number; threshold: number; at: string }>
  | DomainEvent<'LowCreditNoticeRearmed', { balance: number; threshold: number; at: string }>
  /**
   * The person asked for their account to be erased: their keys were deleted just before
   * (api/personal-data), among them those of `portalIds`, the portals they held. Read models drop
   * what those keys protected when they read this, so that a replay builds the same.
   */
  | DomainEvent<'AccountDeleted', { userId: string; portalIds: string[]; at: string }>;

/** An e-mail claim stream: the address belongs to this account from now on, until it is released. */
export type EmailClaimEvent =
  | DomainEvent<'EmailClaimed', { userId: string; at: string }>
  /** The account was deleted: the address is free for a new registration. */
  | DomainEvent<'EmailReleased', { userId: string; at: string }>
  /** This account got the address's sign-up bonus: the one the address will ever get. */
  | DomainEvent<'SignupBonusClaimed', { userId: string; at: string }>
  /**
   * The claim moved here from the stream named by the address's bare SHA-256 (a migration
   * event): who holds the address, since when, and whether it already had its sign-up bonus.
   */
  | DomainEvent<
      'EmailClaimRekeyed',
      { userId: string | null; claimedAt: string | null; bonusReceived: boolean; at: string }
    >;
