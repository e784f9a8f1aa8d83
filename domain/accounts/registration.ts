/**
 * What a new account is told about its credits: the free sign-up credits (and a partner's bonus)
 * when the address gets them, or that it already had them once and starts at 0 (the bonus is
 * granted once per address, ever; see the e-mail claim).
 */
export function registrationMessage(
  credits: number,
  bonusGranted: boolean,
  partner?: { name: string; bonusCredits: number },
): string {
  if (!bonusGranted)
    return (
      'Registration successful! This e-mail address already received the free sign-up credits once, ' +
      'so this account starts with 0 credits. You can buy credits on the Pricing page.'
    );
  return partner
    ? `As a ${partner.name} partner, you've been awarded ${credits} credits ` +
        `(${partner.bonusCredits} bonus + ${credits - partner.bonusCredits} regular).`
    : `Registration successful! You've been awarded ${credits} free credits.`;
}
