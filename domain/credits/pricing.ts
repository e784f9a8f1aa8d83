/**
 * The price list: the four packages and the custom amount, in whole US cents. The server grants
 * credits only from this table, and the web app imports it to show the same prices.
 *
 * Rounding: a price is computed as an exact fraction of a cent and rounded once, half up, to the
 * whole cent. The monthly price is 80% of the exact one-time price, rounded the same way once (never
 * 80% of an already rounded figure).
 */

export type PaymentType = 'oneTime' | 'monthly';
export const PAYMENT_TYPES: readonly PaymentType[] = ['oneTime', 'monthly'];

export type PackageId = 'starter' | 'growth' | 'scale' | 'enterprise';

export interface CreditPackage {
  id: PackageId;
  name: string;
  credits: number;
  oneTimeCents: number;
  monthlyCents: number;
  popular: boolean;
}

/** Monthly plans cost this share of the one-time price (20% cheaper). */
export const MONTHLY_SHARE = { numerator: 4, denominator: 5 } as const;

export const CUSTOM_CREDITS = { min: 10_000, max: 100_000, step: 1_000, default: 10_000 } as const;

/** A price as an exact fraction of cents. */
interface Fraction {
  n: number;
  d: number;
}

/** Round half up to the whole cent (prices are never negative here). */
function roundHalfUp({ n, d }: Fraction): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * Spec section 9, one-time price of x credits, as exact cents:
 * up to 1,200: $50 + $100/900 per credit above 300; up to 4,000: $150 + $150/2,800 above 1,200;
 * up to 10,000: $300 + $200/6,000 above 4,000; above: $500 + $0.03 per credit above 10,000.
 */
function exactOneTimeCents(credits: number): Fraction {
  if (credits <= 1_200) return { n: 5_000 * 900 + 10_000 * (credits - 300), d: 900 };
  if (credits <= 4_000) return { n: 15_000 * 2_800 + 15_000 * (credits - 1_200), d: 2_800 };
  if (credits <= 10_000) return { n: 30_000 * 6_000 + 20_000 * (credits - 4_000), d: 6_000 };
  return { n: 50_000 + 3 * (credits - 10_000), d: 1 };
}

const monthlyOf = ({ n, d }: Fraction): Fraction => ({
  n: n * MONTHLY_SHARE.numerator,
  d: d * MONTHLY_SHARE.denominator,
});

/** What x credits cost, in whole cents, by the custom formula (defined from 300 credits up). */
export function customPriceCents(credits: number, paymentType: PaymentType): number {
  if (!Number.isSafeInteger(credits) || credits < 300) {
    throw new RangeError(`The price formula starts at 300 credits, not ${credits}`);
  }
  const exact = exactOneTimeCents(credits);
  return roundHalfUp(paymentType === 'monthly' ? monthlyOf(exact) : exact);
}

function creditPackage(id: PackageId, name: string, credits: number, popular = false): CreditPackage {
  return {
    id,
    name,
    credits,
    oneTimeCents: customPriceCents(credits, 'oneTime'),
    monthlyCents: customPriceCents(credits, 'monthly'),
    popular,
  };
}

/** The packages sit on the formula's segment ends: $50, $150, $300 and $500. */
export const PACKAGES: readonly CreditPackage[] = [
  creditPackage('starter', 'Starter Pack', 300),
  creditPackage('growth', 'Growth Pack', 1_200),
  creditPackage('scale', 'Scale Pack (Most Popular)', 4_000, true),
  creditPackage('enterprise', 'Enterprise Pack', 10_000),
];

export const PACKAGE_IDS = PACKAGES.map((p) => p.id);

export function findPackage(id: string): CreditPackage | undefined {
  return PACKAGES.find((p) => p.id === id);
}

export function priceCents(pkg: CreditPackage, paymentType: PaymentType): number {
  return paymentType === 'monthly' ? pkg.monthlyCents : pkg.oneTimeCents;
}

/** The savings badge of a package: what a month costs less than the one-time pack. */
export function savings(pkg: CreditPackage): { cents: number; percent: number } {
  const cents = pkg.oneTimeCents - pkg.monthlyCents;
  return { cents, percent: Math.round((100 * cents) / pkg.oneTimeCents) };
}

/** Why a custom amount is refused, in words a person can act on; undefined when it is fine. */
export function customCreditsProblem(credits: number): string | undefined {
  const { min, max, step } = CUSTOM_CREDITS;
  if (!Number.isSafeInteger(credits) || credits < min || credits > max) {
    return `customCredits must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
  }
  if (credits % step !== 0) return `customCredits must be a multiple of ${step.toLocaleString('en-US')}.`;
  return undefined;
}

/** What a checkout sells: one package or a custom amount, bought once or monthly. */
export type OfferRequest = ({ packageId: string } | { customCredits: number }) & {
  paymentType: PaymentType;
};

export interface Offer {
  packageId: PackageId | null;
  customCredits: number | null;
  credits: number;
  amountCents: number;
  paymentType: PaymentType;
  /** The product name on the checkout page and the receipt. */
  productName: string;
}

export class PricingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PricingError';
  }
}

/** Prices a request from the table alone; throws PricingError with the reason when it is not for sale. */
export function priceOffer(request: OfferRequest): Offer {
  const { paymentType } = request;
  if (!PAYMENT_TYPES.includes(paymentType)) {
    throw new PricingError(`paymentType must be one of: ${PAYMENT_TYPES.join(', ')}.`);
  }
  const suffix = paymentType === 'monthly' ? ' (monthly)' : '';
  if ('packageId' in request) {
    const pkg = findPackage(request.packageId);
    if (!pkg) throw new PricingError(`packageId must be one of: ${PACKAGE_IDS.join(', ')}.`);
    return {
      packageId: pkg.id,
      customCredits: null,
      credits: pkg.credits,
      amountCents: priceCents(pkg, paymentType),
      paymentType,
      productName: `${pkg.name.replace(' (Most Popular)', '')} - ${pkg.credits.toLocaleString('en-US')} credits${suffix}`,
    };
  }
  const problem = customCreditsProblem(request.customCredits);
  if (problem) throw new PricingError(problem);
  return {
    packageId: null,
    customCredits: request.customCredits,
    credits: request.customCredits,
    amountCents: customPriceCents(request.customCredits, paymentType),
    paymentType,
    productName: `Custom - ${request.customCredits.toLocaleString('en-US')} credits${suffix}`,
  };
}

/** $1,234.50 style, dropping ".00" for whole dollars. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
