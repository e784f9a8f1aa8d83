/** Credits every new account starts with. */
export const SIGNUP_CREDITS = 50;
/** What one successful lookup costs. */
export const CREDITS_PER_LOOKUP = 1;
