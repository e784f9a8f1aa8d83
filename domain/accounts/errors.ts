export type AccountRuleCode =
  | 'email_taken'
  | 'already_registered'
  | 'not_registered'
  | 'invalid_email'
  | 'invalid_threshold'
  | 'subscription_active';

/** A rule of the accounts domain refused a command; the API maps each code to a status. */
export class AccountRuleError extends Error {
  constructor(
    readonly code: AccountRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'AccountRuleError';
  }
}
