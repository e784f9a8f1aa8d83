/** Credits every new account starts with. */
export const SIGNUP_CREDITS = 50;
/** The bonus a partner programme grants on top, unless its configuration says otherwise. */
export const DEFAULT_PARTNER_BONUS_CREDITS = 250;
/** What one successful lookup costs. */
export const CREDITS_PER_LOOKUP = 1;
