import { accountStream } from '../../domain/accounts/decider';
import { emailStream, hasSignupBonus, normaliseEmail } from '../../domain/accounts/email-claim';
import { registrationMessage } from '../../domain/accounts/registration';
import { SIGNUP_CREDITS } from '../../domain/credits/constants';
import { creditsStream } from '../../domain/credits/decider';
import type { AccountsDeps } from './services';

export interface Registration {
  email: string;
  password: string;
  /** A partner programme's slug; the caller has checked it exists. */
  partner?: string;
}

export interface RegisteredUser {
  userId: string;
  email: string;
  credits: number;
  isAdmin: boolean;
  /** Whether the address got its sign-up credits now (once per address, ever). */
  signupBonus: boolean;
  /** What the registration tells the user about their credits. */
  message: string;
}

/**
 * Registers an account: claims the address (one account per address, however many
 * registrations race), records the account, grants the sign-up credits and a partner's bonus as
 * separate grants, and makes an address listed in ADMIN_EMAILS admin. Every step carries a
 * command id derived from the new user id, so a retried step grants nothing twice.
 */
export async function registerAccount(
  deps: AccountsDeps,
  registration: Registration,
): Promise<RegisteredUser> {
  const email = normaliseEmail(registration.email);
  const program = registration.partner
    ? deps.partnerPrograms.find((p) => p.slug === registration.partner)
    : undefined;
  if (registration.partner && !program) throw new Error(`Unknown partner programme ${registration.partner}`);
  const userId = deps.newId();
  // Hash before claiming: a taken address then costs the same time as a free one.
  const passwordHash = await deps.hasher.hash(registration.password);
  const at = () => deps.now().toISOString();

  const claimStream = emailStream(deps.addressDigest(email));
  const holder = (await deps.emailClaims.load(claimStream)).state.userId;
  // A holder without an account is a registration that died half-way; the decider lets it be
  // taken over once it is old enough that it cannot still be in progress.
  const holderHasAccount =
    holder === null ? undefined : (await deps.accounts.load(accountStream(holder))).revision >= 0n;
  await deps.emailClaims.handle(
    claimStream,
    { type: 'ClaimEmail', userId, at: at(), holderHasAccount },
    { commandId: `claim:${userId}`, metadata: { userId } },
  );
  await deps.accounts.handle(
    accountStream(userId),
    { type: 'RegisterAccount', userId, email, passwordHash, partner: program?.slug ?? null, at: at() },
    { commandId: `register:${userId}`, metadata: { userId } },
  );
  let isAdmin = false;
  if (deps.adminEmails.includes(email)) {
    await deps.accounts.handle(
      accountStream(userId),
      { type: 'GrantAdmin', reason: 'admin_emails', at: at() },
      { commandId: `admin-emails:${userId}`, metadata: { userId } },
    );
    isAdmin = true;
  }
  // Once per address, ever: an address whose earlier account got the credits starts at 0.
  const bonus = await deps.emailClaims.handle(
    claimStream,
    { type: 'ClaimSignupBonus', userId, at: at() },
    { commandId: `signup-bonus:${userId}`, metadata: { userId } },
  );
  const signupBonus = hasSignupBonus(bonus.state, userId);
  if (!signupBonus)
    return { userId, email, credits: 0, isAdmin, signupBonus, message: registrationMessage(0, false) };
  let credits = await deps.credits.handle(
    creditsStream(userId),
    { type: 'AddCredits', credits: SIGNUP_CREDITS, source: { kind: 'signup' }, at: at() },
    { commandId: `signup-credits:${userId}`, metadata: { userId } },
  );
  if (program) {
    credits = await deps.credits.handle(
      creditsStream(userId),
      {
        type: 'AddCredits',
        credits: program.bonusCredits,
        source: { kind: 'partner_bonus', partner: program.slug },
        at: at(),
      },
      { commandId: `partner-bonus:${userId}`, metadata: { userId } },
    );
  }
  const balance = credits.state.balance;
  return {
    userId,
    email,
    credits: balance,
    isAdmin,
    signupBonus,
    message: registrationMessage(balance, true, program),
  };
}
