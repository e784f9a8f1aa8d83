/** Colours of the admin area's rules; the charts and badges read them from here. */

export const GREEN = '#16a34a';
export const ORANGE = '#f59e0b';
export const RED = '#dc2626';
export const GREY = '#9ca3af';
export const AMBER = '#d97706';
export const CHART_BLUE = '#3b6fe0';

/** Levels containing "Active" are green, "Recent" orange, "Dormant" red, anything else grey. */
export function engagementColour(level: string): string {
  if (level.includes('Active')) return GREEN;
  if (level.includes('Recent')) return ORANGE;
  if (level.includes('Dormant')) return RED;
  return GREY;
}

/** An hour's bar: green at a success rate of 90 or more, orange at 70 or more, else red. */
export function hourlyBarColour(successRate: number): string {
  if (successRate >= 90) return GREEN;
  if (successRate >= 70) return ORANGE;
  return RED;
}

/** HTTP status badge: 500 and above red, 400 and above amber, 200 and above green. */
export function httpStatusColour(status: number): string {
  if (status >= 500) return RED;
  if (status >= 400) return AMBER;
  if (status >= 200) return GREEN;
  return GREY;
}

export function levelColour(level: string): string {
  switch (level) {
    case 'error':
      return RED;
    case 'warn':
    case 'warning':
      return AMBER;
    case 'info':
    case 'success':
      return '#2563eb';
    default:
      return GREY;
  }
}
