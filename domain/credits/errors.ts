export class CreditsRuleError extends Error {
  constructor(
    readonly code: 'invalid_amount' | 'lookup_not_charged',
    message: string,
  ) {
    super(message);
    this.name = 'CreditsRuleError';
  }
}
