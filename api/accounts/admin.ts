import { accountStream } from '../../domain/accounts/decider';
import type { AdminGrantReason } from '../../domain/accounts/events';
import { emailStream, normaliseEmail } from '../../domain/accounts/email-claim';
import type { AccountHandler } from './handler';
import type { EmailClaimHandler } from './services';

export interface AdminGrantDeps {
  accounts: AccountHandler;
  emailClaims: EmailClaimHandler;
  now: () => Date;
  addressDigest: (normalisedEmail: string) => string;
}

/**
 * Makes the account with this address admin. Returns false when no account has the address;
 * granting an admin again changes nothing.
 */
export async function grantAdmin(
  deps: AdminGrantDeps,
  emailInput: string,
  reason: AdminGrantReason,
): Promise<boolean> {
  const email = normaliseEmail(emailInput);
  const { state } = await deps.emailClaims.load(emailStream(deps.addressDigest(email)));
  if (!state.userId) return false;
  const account = await deps.accounts.load(accountStream(state.userId));
  if (account.state.status !== 'registered') return false;
  await deps.accounts.handle(
    accountStream(state.userId),
    { type: 'GrantAdmin', reason, at: deps.now().toISOString() },
    { metadata: { userId: state.userId } },
  );
  return true;
}

/** At start: every existing account listed in ADMIN_EMAILS becomes admin (new ones are at registration). */
export async function grantListedAdmins(
  deps: AdminGrantDeps,
  adminEmails: readonly string[],
): Promise<number> {
  let granted = 0;
  for (const email of adminEmails) if (await grantAdmin(deps, email, 'admin_emails')) granted++;
  return granted;
}
