/** Reasons whose key would not say what happened. */
const LABELS: Partial<Record<string, string>> = { crm_validation_failed: 'HubSpot Refused A Value' };

/** A failure reason key as a person reads it: "insufficient_credits" becomes "Insufficient Credits". */
export function reasonLabel(reason: string): string {
  const label = LABELS[reason];
  if (label) return label;
  return reason
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** Failures by reason (a day's, a job's), most frequent first, with readable labels. */
export function reasonBreakdown(
  reasons: Partial<Record<string, number>>,
): { reason: string; label: string; count: number }[] {
  return Object.entries(reasons)
    .flatMap(([reason, count]) => (count && count > 0 ? [{ reason, count }] : []))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .map(({ reason, count }) => ({ reason, label: reasonLabel(reason), count }));
}

/** What HubSpot refused ("HubSpot refused the value for City: Enter only letters"), most frequent first. */
export function refusalBreakdown(
  refused: Partial<Record<string, number>> | undefined,
): { text: string; count: number }[] {
  return Object.entries(refused ?? {})
    .flatMap(([text, count]) => (count && count > 0 ? [{ text, count }] : []))
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
}
