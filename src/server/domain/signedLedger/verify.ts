/**
 * `ledger:verify`, and the ledger's part of `audit`: every head recomputed from the fund log as it
 * is now. A past row changed, removed or added, a balance or a head rewritten, a broken chain, a
 * signature or a key handover that does not check: each is a breach, named. With the keys held the
 * liabilities roots are recomputed too (their salts come from the keys); without them their totals
 * are checked against the stored balances.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { formatMoney } from '../../../shared/money';
import { headHash, NO_PREVIOUS_HEAD } from '../../../shared/ledger/encoding';
import { liabilitiesRoot } from '../../../shared/ledger/liabilities';
import { rootOfLevels } from '../../../shared/ledger/merkle';
import { verifyHeadSignature, verifyKeyHandover } from '../../../shared/ledger/signature';
import type { Db } from '../../db/schema';
import { allHeads, balancesAt, fundRowsBetween, ledgerKeys } from '../../repositories/ledgerHeads';
import type { AuditCheck } from '../auditCheck';
import type { LedgerKeys } from './keys';
import { balancesAfter, headOf, liabilityTree, rowLevels } from './trees';

const sameBalances = (a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>) =>
  a.size === b.size && [...a].every(([member, cents]) => b.get(member) === cents);

export async function verifyLedger(db: Db, keys?: LedgerKeys): Promise<AuditCheck[]> {
  const heads = await allHeads(db);
  const registered = await ledgerKeys(db);
  const publicKeys = new Map(registered.map((row) => [row.key_id, hexToBytes(row.public_key)]));
  const keyCheck: AuditCheck = {
    name: 'each ledger key after the first is handed over by the key before it',
    checked: registered.length,
    breaches: [],
  };
  for (const row of registered) {
    if (row.previous_key_id === null) continue;
    const before = publicKeys.get(row.previous_key_id);
    const handedOver =
      before !== undefined &&
      row.handover !== null &&
      verifyKeyHandover(hexToBytes(row.public_key), before, row.from_seq, hexToBytes(row.handover));
    if (!handedOver) keyCheck.breaches.push(`key ${row.key_id.slice(0, 16)}…: its handover does not check`);
  }

  const headCheck: AuditCheck = {
    name: 'each signed head of the fund log: its rows, balances, chain and signature as they are now',
    checked: heads.length,
    breaches: [],
  };
  let previous: { hash: Uint8Array; lastRowId: number; balances: Map<number, number> } = {
    hash: NO_PREVIOUS_HEAD,
    lastRowId: 0,
    balances: new Map(),
  };
  for (const stored of heads) {
    const head = headOf(stored);
    const says = (what: string) => headCheck.breaches.push(`head ${stored.seq} (day ${stored.day}): ${what}`);
    if (head.firstRowId !== previous.lastRowId + 1)
      says(`starts at row ${head.firstRowId}, not ${previous.lastRowId + 1}`);
    if (bytesToHex(head.previousHash) !== bytesToHex(previous.hash)) says('does not chain to the head before');
    const rows = await fundRowsBetween(db, head.firstRowId - 1, head.lastRowId);
    const levels = rowLevels(rows);
    const root = rootOfLevels(levels);
    if (rows.length !== head.rowCount) says(`signed ${head.rowCount} rows, the fund log holds ${rows.length}`);
    if (bytesToHex(root) !== stored.root)
      says('its rows are not the rows that were signed (a row was changed, added or removed)');
    const balances = balancesAfter(previous.balances, rows);
    if (!sameBalances(balances, await balancesAt(db, stored.seq))) says('its stored balances differ from the fund log');
    const total = [...balances.values()].reduce((sum, cents) => sum + cents, 0);
    if (total !== head.liabilitiesCents || balances.size !== head.liabilitiesCount) {
      says(
        `signed liabilities ${formatMoney(head.liabilitiesCents)} USD, the fund log gives ${formatMoney(total)} USD`,
      );
    }
    const key = keys?.byId(stored.key_id);
    if (
      key &&
      bytesToHex(liabilitiesRoot(liabilityTree(key, stored.seq, balances).levels).hash) !== stored.liabilities_root
    ) {
      says('its liabilities root is not the one of the balances');
    }
    if (bytesToHex(headHash(head)) !== stored.head_hash) says('its stored hash is not its own');
    const publicKey = publicKeys.get(stored.key_id);
    if (!publicKey || !verifyHeadSignature(head, hexToBytes(stored.signature), publicKey)) {
      says('its signature does not check against a registered key');
    }
    previous = { hash: headHash(head), lastRowId: head.lastRowId, balances };
  }
  return [keyCheck, headCheck];
}
