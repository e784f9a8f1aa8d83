/** What a credit account's stream folds to; its own module so that the decider and its snapshot codec share it without importing each other. */
export interface CreditsState {
  balance: number;
  /** Sources already credited (a Stripe session, an invoice, the sign-up grant): never credited twice. */
  appliedSources: ReadonlySet<string>;
  /** Lookups charged whose outcome is not recorded yet; bounded by the lookups in progress. */
  inFlight: ReadonlySet<string>;
}
