/** The admin area loads on entry and every 30 seconds (spec: Admin dashboard). */
export const ADMIN_REFRESH_MS = 30_000;
