/** How long a success message stays before the page moves on. */
export const REDIRECT_DELAY_MS = 3000;
