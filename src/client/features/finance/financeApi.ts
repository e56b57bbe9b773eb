/** The mining-pool tiers (operator configuration, getFinanceProducts) and how the pages read them. */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ApiPath } from '../../api';
import { defineQuery, useQuery, type Synced } from '../../data';
import { useScreenActive } from '../../ui';
import type { FinanceProduct } from '../../../shared/api/types';

/** A read is silent: the page shows what failed where the tiers would be. */
export const financeProductsQuery = defineQuery(ApiPath.financeProducts, {});

/** Cache-first: the tiers read offline from the last answer, marked stale. */
export function useFinanceProducts(): Synced<FinanceProduct[]> {
  return useQuery(financeProductsQuery, { maxAgeMs: 60_000 });
}

function idOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The `?id=N` of the page. Kept-alive pages stay mounted while another page shows, so the id is
 * read while this page is the one shown and kept while it is hidden.
 */
export function useProductId(): number | null {
  const search = useSearch();
  const active = useScreenActive();
  const current = idOf(search);
  const [kept, setKept] = useState(current);
  if (active && current !== kept) setKept(current);
  return active ? current : kept;
}

/** The tier with this id and its place in the list (1-based, as the list names it). */
export function findTier(
  products: readonly FinanceProduct[] | undefined,
  id: number | null,
): { product: FinanceProduct; position: number } | null {
  if (!products || id === null) return null;
  const index = products.findIndex((product) => product.id === id);
  return index === -1 ? null : { product: products[index], position: index + 1 };
}
