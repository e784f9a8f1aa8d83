/**
 * Reads the notification threshold field: empty turns notifications off (null), a whole number
 * of 0 or more is the threshold, anything else is refused (undefined).
 */
export function parseThreshold(input: string): number | null | undefined {
  const text = input.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
