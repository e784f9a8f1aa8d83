/** A HubSpot call that failed for good; `reason` is the lookup failure reason it becomes. */
export class CrmCallError extends Error {
  constructor(
    readonly reason: 'crm_update_failed' | 'crm_auth_failed',
    message: string,
  ) {
    super(message);
    this.name = 'CrmCallError';
  }
}
