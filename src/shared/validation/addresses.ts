/**
 * Whether a USDT address can exist on its network, beyond its shape: a TRON address is base58check
 * (version byte 0x41, then a 4-byte double-SHA-256 checksum), and an Ethereum address written in
 * mixed case carries the EIP-55 checksum in its capitals (all lower or all upper case carries none,
 * and is taken as written). A typo in a checksummed address fails the check instead of sending
 * money to an address nobody holds. The codecs are well-kept libraries (@scure/base, @noble/hashes);
 * this module is imported only where an address is checked, so they stay out of the app's entry.
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { BankCardType } from '../api/types';

export type AddressType = Exclude<BankCardType, 'Bank'>;

/** 'format': not shaped like an address of the network; 'checksum': shaped like one, but no such address can exist. */
export type AddressVerdict = 'ok' | 'format' | 'checksum';

/** 'T' and 33 base58 characters (no 0, O, I or l). */
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** TRON's version byte: every mainnet address decodes to 0x41 and 20 bytes. */
const TRON_VERSION = 0x41;
const TRON_BYTES = 21;

/** 0x and 40 hexadecimal digits. */
const ETHEREUM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

const base58check = createBase58check(sha256);

function checkTron(address: string): AddressVerdict {
  if (!TRON_SHAPE.test(address)) return 'format';
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    return 'checksum';
  }
  return bytes.length === TRON_BYTES && bytes[0] === TRON_VERSION ? 'ok' : 'format';
}

/** The EIP-55 spelling of 40 hex digits: a letter is upper case where the Keccak-256 of the lower-case text has a nibble of 8 or more. */
export function eip55(hexDigits: string): string {
  const lower = hexDigits.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}

function checkEthereum(address: string): AddressVerdict {
  if (!ETHEREUM_SHAPE.test(address)) return 'format';
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return 'ok';
  return eip55(digits) === digits ? 'ok' : 'checksum';
}

/** The verdict on an address (as stored: trimmed) for its account type. */
export function checkAddress(type: AddressType, address: string): AddressVerdict {
  return type === 'USDT-TRC20' ? checkTron(address) : checkEthereum(address);
}
