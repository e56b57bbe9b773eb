import { useMemo } from 'react';
import { useQuery as useTanstackQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiPath } from '../../shared/api/paths';
import type { FundLogEntry, LedgerHead } from '../../shared/api/types';
import { trustedKeys } from '../../shared/ledger/check';
import { api, OfflineError, useSession } from '../api';
import { isOnline, useOnline } from '../api/online';
import { clockNow } from './clock';
import { db } from './db';
import {
  fetchRowProofs,
  markOf,
  syncLedgerHeads,
  type LedgerConflict,
  type LedgerFetchers,
  type LedgerMark,
} from './ledger';
import { appQueries } from './stores';

const fetchers: LedgerFetchers = {
  keys: () => api.call(ApiPath.ledgerKeys, {}, { silent: true }),
  heads: (page, size) => api.call(ApiPath.ledgerHeads, { page, size }, { silent: true }),
  proofs: (ids) => api.call(ApiPath.ledgerProof, { ids }, { silent: true }),
};

/** Heads are published once a server day: asked again on entry once this old. */
const HEADS_STALE_MS = 5 * 60_000;

export interface LedgerView {
  /** Each shown row's mark, by fund-log id; a row without one is not signed yet (or its proof not here yet). */
  marks: ReadonlyMap<number, LedgerMark>;
  /** Heads that came back different from those held, oldest first. */
  conflicts: readonly LedgerConflict[];
  /** The newest head the device holds. */
  latest: LedgerHead | undefined;
  /** How many heads the device holds. */
  heads: number;
  /** The keys the device trusts, by id (the first it held, then each handed over). */
  keys: ReadonlyMap<string, Uint8Array>;
  /** The device's tables were read (false only on the first render). */
  ready: boolean;
}

/**
 * The signed ledger beside the member's fund-log rows (ledger.ts): the heads and keys synced when
 * a screen shows it, the proofs of the shown rows that signed periods hold asked for once and kept,
 * and each row's mark checked in the browser from what the device holds, online or not.
 */
export function useLedger(rows: readonly FundLogEntry[] | undefined, options: { enabled?: boolean } = {}): LedgerView {
  const enabled = options.enabled ?? true;
  const owner = useSession().member ?? '';
  const online = useOnline();
  const ids = useMemo(() => rows?.map((row) => row.id) ?? [], [rows]);
  const idsKey = ids.join(',');

  useTanstackQuery({
    queryKey: [ApiPath.ledgerHeads, { device: true }] as readonly unknown[],
    queryFn: async () => {
      if (!isOnline()) throw new OfflineError();
      await syncLedgerHeads(db, fetchers, clockNow());
      return clockNow();
    },
    enabled,
    staleTime: HEADS_STALE_MS,
    persister: appQueries.fromNetwork,
  });

  const stored = useLiveQuery(
    async () => {
      const [heads, keys, conflicts, proofs] = await Promise.all([
        db.ledgerHeads.toArray(),
        db.ledgerKeys.toArray(),
        db.ledgerConflicts.orderBy('seq').toArray(),
        owner
          ? db.ledgerProofs
              .where('[owner+id]')
              .anyOf(ids.map((id) => [owner, id]))
              .toArray()
          : [],
      ]);
      return { heads, keys, conflicts, proofs };
    },
    // The rows are read through their ids.
    [owner, idsKey],
  );

  const latest = stored?.heads.at(-1);
  const missing = useMemo(() => {
    if (!stored || !latest) return [];
    const proven = new Set(stored.proofs.map((proof) => proof.id));
    return ids.filter((id) => id <= latest.lastRowId && !proven.has(id));
  }, [stored, latest, ids]);

  // Asked once per set of rows without a proof: a row the server leaves out is not asked again
  // until the rows shown change.
  useTanstackQuery({
    queryKey: [ApiPath.ledgerProof, { owner, ids: missing.join(',') }] as readonly unknown[],
    queryFn: () => fetchRowProofs(db, owner, missing, fetchers, clockNow()),
    enabled: enabled && online && owner !== '' && missing.length > 0,
    staleTime: Infinity,
    retry: false,
    persister: appQueries.fromNetwork,
  });

  const keys = useMemo(() => trustedKeys(stored?.keys ?? []), [stored?.keys]);
  const marks = useMemo(() => {
    const result = new Map<number, LedgerMark>();
    if (!stored || !rows) return result;
    const heads = new Map(stored.heads.map((head) => [head.seq, head]));
    const proofs = new Map(stored.proofs.map((proof) => [proof.id, proof]));
    const conflicted = new Set(stored.conflicts.map((conflict) => conflict.seq));
    for (const row of rows) {
      const mark = markOf(row, proofs.get(row.id), heads, keys, conflicted);
      if (mark) result.set(row.id, mark);
    }
    return result;
  }, [stored, rows, keys]);

  return {
    marks,
    conflicts: stored?.conflicts ?? [],
    latest,
    heads: stored?.heads.length ?? 0,
    keys,
    ready: stored !== undefined,
  };
}
