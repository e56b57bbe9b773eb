/**
 * The mining-pool tiers (SPEC.md section 9) are operator configuration: the settings key
 * `financeProducts` holds them as JSON, written by the seed and by `admin finance:set` (checked
 * here). A database without the key (older than this setting) answers the seed's tiers.
 */
import type { FinanceProduct } from '../../../shared/api/types';
import { DEFAULT_FINANCE_PRODUCTS } from '../../../shared/finance';
import { toCents } from '../../../shared/money';
import { readSettings, writeSetting } from '../../repositories/settings';
import type { Deps } from '../deps';
import { OperatorInputError } from '../operator';

export const FINANCE_SETTING_KEY = 'financeProducts';

const MAX_TIERS = 20;
const MAX_ID = 2_147_483_647;
/** Percent a day; anything near this is a typo, not a product. */
const MAX_DAILY_RATE = 100;
const MAX_DAYS = 3_650;

/** Tiers sorted by minimum (then id), or the first problem found, worded for the operator. */
export function parseFinanceProducts(raw: unknown): FinanceProduct[] | string {
  if (!Array.isArray(raw)) return 'expected a JSON list of tiers: [{"id", "minimum", "dailyRate", "days"}, ...]';
  if (raw.length === 0) return 'the list holds no tier';
  if (raw.length > MAX_TIERS) return `at most ${MAX_TIERS} tiers`;
  const products: FinanceProduct[] = [];
  const ids = new Set<number>();
  for (const [index, entry] of raw.entries()) {
    const where = `tier ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${where}: expected an object`;
    const { id, minimum, dailyRate, days, ...rest } = entry as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) return `${where}: unknown field ${unknown.map((k) => `"${k}"`).join(', ')}`;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > MAX_ID)
      return `${where}: id must be a positive whole number`;
    if (ids.has(id)) return `${where}: id ${id} is used twice`;
    ids.add(id);
    const minimumCents = typeof minimum === 'number' ? toCents(minimum) : null;
    if (minimumCents === null || minimumCents <= 0)
      return `${where}: minimum must be a positive USD amount with at most two decimals`;
    // toCents reads "a number with at most two decimals"; here the hundredths are of a percent.
    const rateHundredths = typeof dailyRate === 'number' ? toCents(dailyRate) : null;
    if (typeof dailyRate !== 'number' || rateHundredths === null || rateHundredths <= 0 || dailyRate > MAX_DAILY_RATE)
      return `${where}: dailyRate must be a percentage above 0 (at most ${MAX_DAILY_RATE}) with at most two decimals`;
    if (typeof days !== 'number' || !Number.isInteger(days) || days <= 0 || days > MAX_DAYS)
      return `${where}: days must be a whole number from 1 to ${MAX_DAYS}`;
    products.push({ id, minimum: minimumCents / 100, dailyRate, days });
  }
  return products.sort((a, b) => a.minimum - b.minimum || a.id - b.id);
}

/** What the seed stores, and what a database without the setting answers. */
export function defaultFinanceSetting(): string {
  return JSON.stringify(DEFAULT_FINANCE_PRODUCTS);
}

/** The stored tiers; `unreadable` when the value was edited around finance:set and no longer parses. */
function decode(stored: string): FinanceProduct[] | 'unreadable' {
  try {
    const parsed = parseFinanceProducts(JSON.parse(stored));
    return typeof parsed === 'string' ? 'unreadable' : parsed;
  } catch {
    return 'unreadable';
  }
}

/**
 * The operator's tiers. A database older than the setting answers the seed's tiers (SPEC.md
 * section 9). A value that no longer parses answers no tiers at all, and says so in the log:
 * figures the operator did not set are never shown as theirs (DESIGN.md section 3).
 */
export async function financeProducts(deps: Deps, log?: (message: string) => void): Promise<FinanceProduct[]> {
  const stored = (await readSettings(deps.db)).get(FINANCE_SETTING_KEY);
  if (stored === undefined) return parseFinanceProducts([...DEFAULT_FINANCE_PRODUCTS]) as FinanceProduct[];
  const decoded = decode(stored);
  if (decoded !== 'unreadable') return decoded;
  log?.(`The setting ${FINANCE_SETTING_KEY} does not parse; no finance tiers are shown. Fix it with finance:set.`);
  return [];
}

/** finance:set: checks, then replaces the tiers. */
export async function setFinanceProducts(
  deps: Deps,
  raw: unknown,
): Promise<{ before: FinanceProduct[]; after: FinanceProduct[] }> {
  const parsed = parseFinanceProducts(raw);
  if (typeof parsed === 'string') throw new OperatorInputError(parsed);
  const before = await financeProducts(deps);
  await writeSetting(deps.db, FINANCE_SETTING_KEY, JSON.stringify(parsed));
  return { before, after: parsed };
}
