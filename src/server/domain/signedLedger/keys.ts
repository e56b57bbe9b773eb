/**
 * The ledger's signing keys (issue 46): Ed25519 seeds of 32 bytes, newest first, from LEDGER_KEY or
 * the file LEDGER_KEY_FILE (made on the first start, mode 0600, outside the data folder, written as
 * the draw secret's file is). The newest signs new heads; an older one is kept for the salts of the
 * heads it signed. Their public keys are registered in `ledger_keys`, each new one with a handover
 * signed by the key before it, so a member who trusts the first key can follow every rotation.
 */
import { createHmac } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { DrawSecretSource } from '../../config';
import type { Db } from '../../db/schema';
import { encodeHead, encodeKeyHandover, keyIdOf, type LedgerHead } from '../../../shared/ledger/encoding';
import { headCount, insertLedgerKey, latestHead, ledgerKeys } from '../../repositories/ledgerHeads';
import {
  createSecretFile,
  DrawSecretError,
  newDrawSecret,
  readSecretFile,
  writeSecretFile,
  type SecretFileKind,
} from '../game/drawSecretFile';

export const LEDGER_KEY_FILE_KIND: SecretFileKind = {
  label: 'ledger key',
  header: [
    "# RoundPlay ledger key: signs the fund log's daily heads (Ed25519 seeds, 64 hex digits). Keep this file",
    '# mode 0600, outside the data folder, and back it up apart from the database backups.',
    '# Newest first: new heads are signed with the first line; the lines below it signed earlier heads',
    '# (npm run admin -- ledger:rotate-key).',
  ],
};

export interface LedgerKey {
  seed: Uint8Array;
  publicKey: Uint8Array;
  /** SHA-256 of the public key, hex. */
  keyId: string;
}

export interface LedgerKeys {
  /** Where they come from, for messages. */
  readonly where: string;
  /** The key that signs new heads. */
  current(): LedgerKey;
  /** A held key by its id; undefined when it is not held here. */
  byId(keyId: string): LedgerKey | undefined;
  all(): readonly LedgerKey[];
}

function keyOf(seed: Uint8Array): LedgerKey {
  const publicKey = ed25519.getPublicKey(seed);
  return { seed, publicKey, keyId: bytesToHex(keyIdOf(publicKey)) };
}

export function fixedLedgerKeys(seeds: readonly Uint8Array[], where = 'LEDGER_KEY'): LedgerKeys {
  if (seeds.length === 0) throw new DrawSecretError('no ledger key given');
  const keys = seeds.map(keyOf);
  return {
    where,
    current: () => keys[0],
    byId: (keyId) => keys.find((key) => key.keyId === keyId),
    all: () => keys,
  };
}

/**
 * The keys of LEDGER_KEY or its file. A file that is missing while heads were signed is never
 * replaced on the quiet: the start is refused, since new heads would be signed by a key nobody
 * was told of.
 */
export async function openLedgerKeys(
  source: DrawSecretSource,
  db: Db,
): Promise<{ keys: LedgerKeys; created: boolean }> {
  if (source.kind === 'env') {
    return { keys: fixedLedgerKeys(source.secrets.map((seed) => hexToBytes(seed))), created: false };
  }
  const held = readSecretFile(source.path, LEDGER_KEY_FILE_KIND);
  if (held) return { keys: fixedLedgerKeys(held, source.path), created: false };
  if ((await headCount(db)) > 0) {
    throw new DrawSecretError(
      `the ledger key file ${source.path} is missing, but heads of the fund log were signed with it: ` +
        'restore it from its backup (mode 0600)',
    );
  }
  const made = createSecretFile(source.path, LEDGER_KEY_FILE_KIND);
  return { keys: fixedLedgerKeys(made.secrets, source.path), created: made.created };
}

/**
 * The current key in `ledger_keys`: the first one as it is; a later one with its handover signed by
 * the newest registered key, which must still be held (the line below it in the file). Refused when
 * the key before is not held: nobody could tell the new key from a forged one.
 */
export async function registerCurrentKey(db: Db, keys: LedgerKeys, now: number): Promise<void> {
  const registered = await ledgerKeys(db);
  const current = keys.current();
  if (registered.some((row) => row.key_id === current.keyId)) return;
  const nextSeq = ((await latestHead(db))?.seq ?? 0) + 1;
  const previous = registered[registered.length - 1];
  if (!previous) {
    await insertLedgerKey(db, {
      key_id: current.keyId,
      public_key: bytesToHex(current.publicKey),
      previous_key_id: null,
      handover: null,
      from_seq: nextSeq,
      added_at: now,
    });
    return;
  }
  const before = keys.byId(previous.key_id);
  if (!before) {
    throw new DrawSecretError(
      `the ledger key in ${keys.where} is new, and the key before it (${previous.key_id.slice(0, 16)}…) is not held ` +
        'below it to sign the handover: rotate with npm run admin -- ledger:rotate-key, which keeps it',
    );
  }
  const handover = ed25519.sign(encodeKeyHandover(current.publicKey, keyIdOf(before.publicKey), nextSeq), before.seed);
  await insertLedgerKey(db, {
    key_id: current.keyId,
    public_key: bytesToHex(current.publicKey),
    previous_key_id: previous.key_id,
    handover: bytesToHex(handover),
    from_seq: nextSeq,
    added_at: now,
  });
}

/** A new key first in the file, the old ones kept below it, and registered with its handover. */
export async function rotateLedgerKey(db: Db, path: string, now: number): Promise<LedgerKey> {
  const held = readSecretFile(path, LEDGER_KEY_FILE_KIND);
  if (!held) throw new DrawSecretError(`the ledger key file ${path} is missing: restore it before a rotation`);
  const seeds = [newDrawSecret(), ...held];
  writeSecretFile(path, seeds, LEDGER_KEY_FILE_KIND);
  const keys = fixedLedgerKeys(seeds, path);
  await registerCurrentKey(db, keys, now);
  return keys.current();
}

export function signHead(key: LedgerKey, head: LedgerHead): Uint8Array {
  return ed25519.sign(encodeHead(head), key.seed);
}

/**
 * A member's salt in the liabilities tree of head `seq`: derived from the seed of the key that
 * signs that head, so it is never stored, and only the member it belongs to is ever given it.
 */
export function liabilitySalt(key: LedgerKey, seq: number, memberId: number): Uint8Array {
  return new Uint8Array(createHmac('sha256', key.seed).update(`roundplay liability salt ${seq} ${memberId}`).digest());
}

/** The keys as configured, without making a file: undefined when LEDGER_KEY_FILE does not exist (yet). */
export function heldLedgerKeys(source: DrawSecretSource): LedgerKeys | undefined {
  if (source.kind === 'env') return fixedLedgerKeys(source.secrets.map((seed) => hexToBytes(seed)));
  const held = readSecretFile(source.path, LEDGER_KEY_FILE_KIND);
  return held ? fixedLedgerKeys(held, source.path) : undefined;
}
