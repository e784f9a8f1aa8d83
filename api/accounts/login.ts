import { emailStream, normaliseEmail } from '../../domain/accounts/email-claim';
import type { AccountsDeps } from './services';

/**
 * The signed-up account with this address and password, or undefined. An unknown address
 * costs a password verification too, so timing does not tell the two failures apart.
 */
export async function checkCredentials(
  deps: AccountsDeps,
  emailInput: string,
  password: string,
): Promise<{ userId: string; email: string; isAdmin: boolean } | undefined> {
  const email = normaliseEmail(emailInput);
  const claim = await deps.emailClaims.load(emailStream(deps.addressDigest(email)));
  const userId = claim.state.userId;
  const account = userId ? await deps.gate.admit(userId) : undefined;
  if (!account) return deps.hasher.verifyDummy(password).then(() => undefined);
  if (!(await deps.hasher.verify(password, account.passwordHash))) return undefined;
  return { userId: account.userId, email: account.email, isAdmin: account.isAdmin };
}
