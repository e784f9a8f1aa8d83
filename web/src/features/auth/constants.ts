export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_HINT = 'Must be at least 8 characters';
/** How long a success message stays before the page moves on. */
export const REDIRECT_DELAY_MS = 3000;
