/**
 * A balance is low below the account's notification threshold (the line its low-credit e-mail
 * is sent at); without a threshold, only an empty balance is low, since every lookup then fails.
 */
export const isBalanceLow = (balance: number, threshold: number | null): boolean =>
  threshold === null ? balance <= 0 : balance < threshold;
