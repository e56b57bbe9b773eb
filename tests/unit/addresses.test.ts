/**
 * USDT addresses that cannot exist are refused: TRON's base58check (version byte 0x41 and the
 * double-SHA-256 checksum) and Ethereum's EIP-55 mixed-case checksum, with the vectors the networks
 * document: EIP-55's own examples, TRON's account page (TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL is
 * 41 8840e6c5…d808) and its wallet-cli guide (TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp is the same 20 bytes
 * as 0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29).
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { checkAddress, eip55 } from '../../src/shared/validation/addresses';
import { savedAccountDefect, validateBankCard } from '../../src/shared/validation/bankCard';

/** EIP-55, "Test Cases". */
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
const EIP55_NORMAL = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** TRON's documentation: an address and the 21 bytes it encodes. */
const TRON_DOCUMENTED = [
  ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', '418840e6c55b9ada326d211d818c34a994aeced808'],
  ['TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', '4112e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29'],
] as const;

/** The same address with the case of its first letter after 0x that is a letter flipped. */
function flipOneLetter(address: string): string {
  const i = [...address].findIndex((c, index) => index > 1 && /[a-f]/i.test(c));
  const c = address[i];
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

describe('Ethereum addresses (EIP-55)', () => {
  it.each(EIP55_NORMAL)('spells %s as EIP-55 does, and accepts it', (address) => {
    expect(`0x${eip55(address.slice(2))}`).toBe(address);
    expect(checkAddress('USDT-ERC20', address)).toBe('ok');
  });
  it.each([...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER])('accepts %s, all one case, as not checksummed', (address) => {
    expect(checkAddress('USDT-ERC20', address)).toBe('ok');
  });
  it.each(EIP55_NORMAL)('refuses %s with one letter in the wrong case (checksum)', (address) => {
    expect(checkAddress('USDT-ERC20', flipOneLetter(address))).toBe('checksum');
  });
  it('agrees with TRON on the same 20 bytes', () => {
    expect(`0x${eip55('12e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29')}`).toBe('0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29');
  });
  it.each([
    '',
    '0x',
    '52908400098527886E0F7030069857D2E4169EE7',
    '0x52908400098527886E0F7030069857D2E4169EE',
    '0xg2908400098527886E0F7030069857D2E4169EE7',
  ])('refuses the shape of %j (format)', (address) => expect(checkAddress('USDT-ERC20', address)).toBe('format'));
});

describe('TRON addresses (base58check, version 0x41)', () => {
  const codec = createBase58check(sha256);
  it.each(TRON_DOCUMENTED)('accepts %s, which encodes %s', (address, hex) => {
    expect(Buffer.from(codec.decode(address)).toString('hex')).toBe(hex);
    expect(checkAddress('USDT-TRC20', address)).toBe('ok');
  });
  it('refuses TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, shaped like an address, by its checksum', () => {
    expect(checkAddress('USDT-TRC20', 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('checksum');
  });
  it.each([...TRON_DOCUMENTED.map(([address]) => address)])(
    'refuses %s with one character changed (checksum)',
    (address) => {
      const i = 10;
      const changed = address.slice(0, i) + (address[i] === 'z' ? 'y' : 'z') + address.slice(i + 1);
      expect(checkAddress('USDT-TRC20', changed)).toBe('checksum');
    },
  );
  it('refuses a checksummed T-address of another version byte (0x42)', () => {
    const other = codec.encode(new Uint8Array([0x42, ...new Array<number>(20).fill(0x88)]));
    expect(other).toMatch(/^T.{33}$/);
    expect(checkAddress('USDT-TRC20', other)).toBe('format');
  });
  it.each([
    '',
    'T',
    'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe',
    'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe0',
    'ANPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  ])('refuses the shape of %j (format)', (address) => expect(checkAddress('USDT-TRC20', address)).toBe('format'));
});

describe('the account rules use the checks', () => {
  const pwd = '246810';
  it('refuses a TRON address failing its checksum with 3011, naming the network', () => {
    expect(validateBankCard({ type: 'USDT-TRC20', address: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', pwd })).toEqual({
      code: 3011,
      values: { network: 'USDT-TRC20' },
    });
  });
  it('refuses a mixed-case Ethereum address failing EIP-55 with 3011; the wrong shape stays 1065', () => {
    expect(validateBankCard({ type: 'USDT-ERC20', address: flipOneLetter(EIP55_NORMAL[0]), pwd })).toEqual({
      code: 3011,
      values: { network: 'USDT-ERC20' },
    });
    expect(validateBankCard({ type: 'USDT-ERC20', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', pwd })).toEqual({
      code: 1065,
    });
  });
  it('tells a saved account that fails the checks (kept listed, never paid) from one that passes', () => {
    expect(savedAccountDefect({ type: 'USDT-TRC20', address: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })?.code).toBe(3011);
    expect(savedAccountDefect({ type: 'USDT-TRC20', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' })).toBeNull();
    expect(savedAccountDefect({ type: 'Bank', address: '' })).toBeNull();
  });
});
