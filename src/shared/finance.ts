/**
 * Mining-pool tiers (SPEC.md section 9): what a tier would earn if its figures held. The app
 * labels these as projections; no call moves money into a tier.
 */
import type { FinanceProduct } from './api/types';
import { toCents, type Cents } from './money';

export interface TierProjection {
  /** Earnings a day on the tier's minimum amount. */
  dailyCents: Cents;
  /** Earnings over the whole lock-up on the minimum amount. */
  totalCents: Cents;
}

/** Daily rate in hundredths of a percent (0.15 % -> 15), so the arithmetic stays in integers. */
function rateHundredths(dailyRate: number): number {
  return Math.round(dailyRate * 100);
}

export function projectTier(product: FinanceProduct): TierProjection | null {
  const minimum = toCents(product.minimum);
  if (minimum === null || !Number.isInteger(product.days) || product.days <= 0 || !(product.dailyRate > 0)) return null;
  const rate = rateHundredths(product.dailyRate);
  // cents x (hundredths of a percent) / 10,000 = cents; floor, so a projection never rounds up.
  const dailyCents = Math.floor((minimum * rate) / 10_000);
  const totalCents = Math.floor((minimum * rate * product.days) / 10_000);
  // No yearly figure: a lock-up is days long, and a daily rate times 365 reads as a yield promise.
  return { dailyCents, totalCents };
}

/** The seed's tiers (SPEC.md section 9); operators change them with the admin command. */
export const DEFAULT_FINANCE_PRODUCTS: readonly FinanceProduct[] = [
  { id: 1, minimum: 100_000, dailyRate: 0.15, days: 15 },
  { id: 2, minimum: 300_000, dailyRate: 0.3, days: 30 },
  { id: 3, minimum: 800_000, dailyRate: 0.8, days: 45 },
  { id: 4, minimum: 1_500_000, dailyRate: 1.3, days: 60 },
];
