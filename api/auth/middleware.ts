import type { RequestHandler } from 'express';
import type { AccountHandler } from '../accounts/handler';
import { forbidden, unauthorized } from '../http/errors';
import { AccountGate } from './gate';
import type { Sessions } from './sessions';

export interface SignedInUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, set by requireUser. */
    user?: SignedInUser;
    /** The session the bearer token belongs to, set by requireUser. */
    sessionId?: string;
  }
}

export interface AuthDeps {
  sessions: Sessions;
  accounts: AccountHandler;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer ([A-Za-z0-9_-]+)$/.exec(header.trim()) : null;
  return match?.[1];
}

/**
 * Lets the request through only with a live session. The user, and whether they are admin,
 * come from the account's own stream, so a grant counts from the moment it is recorded.
 */
export function requireUser(deps: AuthDeps): RequestHandler {
  const gate = new AccountGate(deps.accounts, deps.sessions);
  return async (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    const session = token ? await deps.sessions.verify(token) : undefined;
    if (!session) return next(unauthorized());
    const state = await gate.admit(session.userId);
    if (!state) return next(unauthorized());
    req.user = { id: state.userId, email: state.email, isAdmin: state.isAdmin };
    req.sessionId = session.sessionId;
    next();
  };
}

/** requireUser, then 403 for anyone who is not admin. */
export function requireAdmin(deps: AuthDeps): RequestHandler[] {
  return [requireUser(deps), (req, _res, next) => next(req.user?.isAdmin ? undefined : forbidden())];
}

/** The signed-in user of a request that passed requireUser. */
export function userOf(req: { user?: SignedInUser }): SignedInUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
