/**
 * The balance, the usage figures and the chart follow lookups made while the dashboard is open
 * (they arrive through HubSpot, not through this page), so they are fetched again this often
 * while the tab is in view.
 */
export const DASHBOARD_REFRESH = { pollingInterval: 30_000, skipPollingIfUnfocused: true } as const;
