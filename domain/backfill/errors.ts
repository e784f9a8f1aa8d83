export type BackfillRuleCode = 'already_running' | 'no_such_job' | 'finished' | 'not_running';

/** A rule of backfill jobs refused a command; the API maps each code to a status. */
export class BackfillRuleError extends Error {
  constructor(
    readonly code: BackfillRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackfillRuleError';
  }
}
