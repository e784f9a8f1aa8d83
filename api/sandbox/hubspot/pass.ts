import type { Express, Request, RequestHandler } from 'express';
import type { AccountGate } from '../../auth/gate';
import { userOf } from '../../auth/middleware';
import { cookieOf } from '../../http/cookies';
import type { SignedUserPass } from '../../portals/secrets';

/** The cookie that tells the sandbox CRM's pages which ZipFill user is looking at them. */
export const PASS_COOKIE = 'zipfill_sandbox_crm';
const PASS_PATH = '/sandbox/hubspot';

export interface SandboxPassDeps {
  pass: SignedUserPass;
  /** Whether the pass's user and session still admit anyone. */
  gate: AccountGate;
  now: () => Date;
  /** Lets only a signed-in ZipFill user (bearer token) through. */
  requireUser: RequestHandler;
  /** Sent only over https when the service is public on https. */
  secureCookie: boolean;
}

/** The pass cookie's Set-Cookie header: the same name, path and attributes whether set or cleared. */
function passCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${PASS_COOKIE}=${value}; Path=${PASS_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The sandbox CRM's pages are plain pages opened from the dashboard, where no bearer token
 * travels. The web app asks for a pass once signed in; the pass names the user, is signed and
 * expires, and lives in an HttpOnly cookie scoped to the sandbox (SameSite=Lax: no other site's
 * form can post with it).
 *
 * The page's script cannot delete an HttpOnly cookie, so signing out asks the server to expire
 * it; otherwise the next person on a shared browser would open the sandbox as the last user.
 * Clearing needs no sign-in: it only forgets this browser's own cookie, and the web app also
 * clears it when the session has already expired.
 */
export function sandboxPassRoutes(app: Express, deps: SandboxPassDeps) {
  app.post('/api/auth/sandbox-crm-pass', deps.requireUser, (req, res) => {
    const value = deps.pass.issue(userOf(req).id, deps.now(), req.sessionId);
    res.setHeader('Set-Cookie', passCookie(value, deps.pass.ttlSeconds, deps.secureCookie));
    res.status(204).end();
  });

  app.delete('/api/auth/sandbox-crm-pass', (_req, res) => {
    res.setHeader('Set-Cookie', passCookie('', 0, deps.secureCookie));
    res.status(204).end();
  });
}

/**
 * The ZipFill user the request's sandbox pass names; undefined without a valid one, and once
 * the session it was issued under has ended or the account is deleted.
 */
export async function passHolder(
  req: Request,
  deps: Pick<SandboxPassDeps, 'pass' | 'gate' | 'now'>,
): Promise<string | undefined> {
  const value = cookieOf(req, PASS_COOKIE);
  const pass = value ? deps.pass.read(value, deps.now()) : undefined;
  if (!pass?.sessionId) return undefined;
  return (await deps.gate.admit(pass.userId, pass.sessionId))?.userId;
}
