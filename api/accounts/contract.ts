/*
 * The account answers as they travel: the server builds them to these types and the web app reads
 * them by the same ones.
 */

/** The signed-in user as sign-in and registration describe them. */
export interface SessionUser {
  id: string;
  email: string;
  credits: number;
}

/** POST /api/auth/login, /api/auth/register and /api/auth/register/:partner */
export interface AuthAnswer {
  user: SessionUser;
  token: string;
}

/** POST /api/auth/register and /api/auth/register/:partner: the session, and what it says about the credits. */
export interface RegistrationAnswer extends AuthAnswer {
  message: string;
}

/** GET /api/auth/is-admin */
export interface IsAdminAnswer {
  isAdmin: boolean;
}

/** GET /api/auth/partners/:slug */
export interface PartnerAnswer {
  slug: string;
  name: string;
  bonusCredits: number;
}
