import { describe, expect, it } from 'vitest';
import {
  CUSTOM_CREDITS,
  customPriceCents,
  formatDollars,
  PACKAGES,
  priceOffer,
  PricingError,
  savings,
} from './pricing';

describe('credit packages', () => {
  it.each([
    ['starter', 'Starter Pack', 300, 5_000, 4_000],
    ['growth', 'Growth Pack', 1_200, 15_000, 12_000],
    ['scale', 'Scale Pack (Most Popular)', 4_000, 30_000, 24_000],
    ['enterprise', 'Enterprise Pack', 10_000, 50_000, 40_000],
  ])('%s is %s: %i credits for %i cents once or %i cents a month', (id, name, credits, once, monthly) => {
    expect(PACKAGES.find((p) => p.id === id)).toMatchObject({
      name,
      credits,
      oneTimeCents: once,
      monthlyCents: monthly,
    });
  });

  it('shows a 20% savings badge on every package, with what a month saves', () => {
    expect(PACKAGES.map((p) => [p.id, savings(p)])).toEqual([
      ['starter', { cents: 1_000, percent: 20 }],
      ['growth', { cents: 3_000, percent: 20 }],
      ['scale', { cents: 6_000, percent: 20 }],
      ['enterprise', { cents: 10_000, percent: 20 }],
    ]);
  });

  it('marks only the Scale Pack as the most popular', () => {
    expect(PACKAGES.filter((p) => p.popular).map((p) => p.id)).toEqual(['scale']);
  });
});

describe('the custom price formula', () => {
  it.each([
    // segment ends
    [300, 5_000, 4_000],
    [1_200, 15_000, 12_000],
    [4_000, 30_000, 24_000],
    [10_000, 50_000, 40_000],
    // inside the segments: $100/900, $150/2,800, $200/6,000 and 3 cents per credit
    [301, 5_011, 4_009], // 5,011.11 and 4,008.89 cents
    [750, 10_000, 8_000],
    [1_201, 15_005, 12_004], // 15,005.36 and 12,004.29
    [1_207, 15_038, 12_030], // exactly 15,037.5: half rounds up; monthly 12,030 exactly
    [2_600, 22_500, 18_000],
    [4_001, 30_003, 24_003], // 30,003.33 and 24,002.67
    [7_000, 40_000, 32_000],
    [10_001, 50_003, 40_002], // monthly 40,002.4
    [100_000, 320_000, 256_000],
  ])('%i credits cost %i cents once and %i cents a month', (credits, once, monthly) => {
    expect(customPriceCents(credits, 'oneTime')).toBe(once);
    expect(customPriceCents(credits, 'monthly')).toBe(monthly);
  });

  const sliderValues = Array.from({ length: 91 }, (_, i) => 10_000 + 1_000 * i);
  it.each(sliderValues)('slider at %i credits: $500 + $30 per 1,000 above 10,000, 20% less monthly', (x) => {
    const thousandsAbove = (x - 10_000) / 1_000;
    expect(customPriceCents(x, 'oneTime')).toBe(100 * (500 + 30 * thousandsAbove));
    expect(customPriceCents(x, 'monthly')).toBe(100 * (400 + 24 * thousandsAbove));
  });

  it('covers the whole slider, 10,000 to 100,000 in steps of 1,000', () => {
    expect([sliderValues[0], sliderValues.at(-1), sliderValues.length]).toEqual([
      CUSTOM_CREDITS.min,
      CUSTOM_CREDITS.max,
      (CUSTOM_CREDITS.max - CUSTOM_CREDITS.min) / CUSTOM_CREDITS.step + 1,
    ]);
  });

  it('never lowers the price when credits go up', () => {
    let last = 0;
    for (let x = 300; x <= 100_000; x += 7) {
      const price = customPriceCents(x, 'oneTime');
      expect(price).toBeGreaterThanOrEqual(last);
      last = price;
    }
  });
});

describe('pricing a checkout request', () => {
  it('prices a package from the table', () => {
    expect(priceOffer({ packageId: 'growth', paymentType: 'oneTime' })).toEqual({
      packageId: 'growth',
      customCredits: null,
      credits: 1_200,
      amountCents: 15_000,
      paymentType: 'oneTime',
      productName: 'Growth Pack - 1,200 credits',
    });
    expect(priceOffer({ packageId: 'scale', paymentType: 'monthly' })).toMatchObject({
      credits: 4_000,
      amountCents: 24_000,
      productName: 'Scale Pack - 4,000 credits (monthly)',
    });
  });

  it('prices a custom amount on the slider', () => {
    expect(priceOffer({ customCredits: 25_000, paymentType: 'monthly' })).toMatchObject({
      packageId: null,
      customCredits: 25_000,
      credits: 25_000,
      amountCents: 76_000,
    });
  });

  it.each([
    [
      { packageId: 'platinum', paymentType: 'oneTime' },
      'packageId must be one of: starter, growth, scale, enterprise.',
    ],
    [
      { customCredits: 9_000, paymentType: 'oneTime' },
      'customCredits must be a whole number from 10,000 to 100,000.',
    ],
    [
      { customCredits: 101_000, paymentType: 'oneTime' },
      'customCredits must be a whole number from 10,000 to 100,000.',
    ],
    [{ customCredits: 10_500, paymentType: 'monthly' }, 'customCredits must be a multiple of 1,000.'],
    [{ packageId: 'growth', paymentType: 'weekly' }, 'paymentType must be one of: oneTime, monthly.'],
  ])('refuses %j: %s', (request, reason) => {
    expect(() => priceOffer(request as Parameters<typeof priceOffer>[0])).toThrow(new PricingError(reason));
  });

  it('writes prices the way the pages show them', () => {
    expect([formatDollars(15_000), formatDollars(5_011), formatDollars(320_000)]).toEqual([
      '$150',
      '$50.11',
      '$3,200',
    ]);
  });
});
