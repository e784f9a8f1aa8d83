/*
 * The credit answers as they travel: the server builds them to these types and the web app reads
 * them by the same ones.
 */

/** GET /api/auth/credit-balance */
export interface CreditBalanceAnswer {
  creditBalance: number;
}

/** GET /api/auth/credit-usage-stats */
export interface CreditUsageAnswer {
  creditsUsed: number;
  /** Failures only. */
  failedAttempts: number;
  /** Lookups whose record had nothing to update: free, and not failures. */
  nothingToUpdate: number;
}

/** GET /api/auth/lookup-count (public) */
export interface LookupCountAnswer {
  allTimeSuccessfulLookups: number;
}

/** GET /api/auth/credit-threshold */
export interface CreditNotificationsAnswer {
  threshold: number | null;
  /** True after the e-mail's unsubscribe link, until a threshold is saved again. */
  unsubscribedByEmail: boolean;
  /** The threshold the link turned off, offered back with one click. */
  thresholdBeforeUnsubscribe: number | null;
}

/** POST /api/auth/credit-threshold */
export interface ThresholdSavedAnswer {
  threshold: number | null;
  message: string;
}
