export type PortalRuleCode = 'portal_not_owned';

/** A rule of the portals domain refused a command; the API maps each code to a status. */
export class PortalRuleError extends Error {
  constructor(
    readonly code: PortalRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'PortalRuleError';
  }
}
