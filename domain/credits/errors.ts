export class CreditsRuleError extends Error {
  constructor(
    readonly code: 'invalid_amount' | 'lookup_not_charged' | 'insufficient_credits',
    message: string,
  ) {
    super(message);
    this.name = 'CreditsRuleError';
  }
}
