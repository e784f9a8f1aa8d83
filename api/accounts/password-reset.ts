import { accountStream } from '../../domain/accounts/decider';
import { emailStream, normaliseEmail } from '../../domain/accounts/email-claim';
import { newToken, tokenDigest } from '../auth/tokens';
import type { OperationalDb } from '../db/operational';
import { badRequest } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { AccountsDeps } from './services';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_ANSWER =
  'If an account exists for that e-mail address, a link to reset its password is on its way.';
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
export const RESET_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

export interface PasswordResetDeps extends AccountsDeps {
  operational: OperationalDb;
  mailer: Mailer;
  /** The configured public address of the site; links are never built from the request. */
  publicUrl: string;
}

/**
 * Sends a reset link when the address has an account, and does nothing visible otherwise.
 * A new link replaces any earlier one that is still open.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, emailInput: string): Promise<void> {
  const email = normaliseEmail(emailInput);
  const { state: claim } = await deps.emailClaims.load(emailStream(deps.addressDigest(email)));
  if (!claim.userId) return;
  const account = await deps.gate.admit(claim.userId);
  if (!account) return;
  const token = newToken();
  const now = deps.now();
  await deps.operational.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', account.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        id: tokenDigest(token),
        user_id: account.userId,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        used_at: null,
      })
      .execute();
  });
  await deps.mailer.send({
    to: account.email,
    subject: 'Reset your ZipFill password',
    body:
      `Someone (hopefully you) asked to reset the password of your ZipFill account.\n\n` +
      `Choose a new password here within the next hour:\n${deps.publicUrl}/reset-password/${token}\n\n` +
      `If you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
  });
}

/**
 * Sets a new password with a reset token: the token works once and for one hour, and every
 * session of the account ends (the user signs in again with the new password).
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  token: string,
  newPassword: string,
): Promise<void> {
  const now = deps.now();
  const used = await deps.operational
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', tokenDigest(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!used || !(await deps.gate.admit(used.user_id))) throw badRequest(RESET_INVALID);
  const passwordHash = await deps.hasher.hash(newPassword);
  await deps.accounts.handle(
    accountStream(used.user_id),
    { type: 'ChangePassword', passwordHash, via: 'reset', at: now.toISOString() },
    { metadata: { userId: used.user_id } },
  );
  await deps.sessions.revokeAllOf(used.user_id);
}
