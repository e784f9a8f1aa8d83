/** A failure reason key as a person reads it: "insufficient_credits" becomes "Insufficient Credits". */
export function reasonLabel(reason: string): string {
  return reason
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A day's failures by reason, most frequent first, with readable labels. */
export function reasonBreakdown(reasons: Record<string, number>): { label: string; count: number }[] {
  return Object.entries(reasons)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, count]) => ({ label: reasonLabel(reason), count }));
}
