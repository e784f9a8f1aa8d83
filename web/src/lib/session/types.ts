/** The signed-in user as the client keeps it (the token is kept apart), and what sign-in answers. */
export type { AuthAnswer, SessionUser } from '@api/accounts/contract';
