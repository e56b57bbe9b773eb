import { describe, expect, it } from 'vitest';
import { validateBankCard } from '../../src/shared/validation/bankCard';
import {
  toggleOutcome,
  validateBuy,
  validateDateRange,
  validateFinanceTransfer,
  validateRoomEntry,
  validateWithdraw,
  type BuyInput,
} from '../../src/shared/validation';

const codeOf = (r: { code: unknown } | null) => r?.code ?? null;

describe('add bank card (SPEC 5)', () => {
  const pwd = '246810';
  const bank = {
    type: 'Bank' as const,
    bank: 'ACB',
    account: '0123456789',
    username: 'Nguyen Van A',
    branch: 'HCM',
    pwd,
  };
  it('passes a complete bank account', () => expect(validateBankCard(bank)).toBeNull());
  it('asks for the withdrawal password after the account’s own fields (2057)', () => {
    expect(codeOf(validateBankCard({ ...bank, pwd: '' }))).toBe(2057);
    expect(codeOf(validateBankCard({ ...bank, pwd: undefined }))).toBe(2057);
    expect(codeOf(validateBankCard({ ...bank, branch: '', pwd: '' }))).toBe(1001);
    expect(codeOf(validateBankCard({ type: 'USDT-TRC20', address: '' }))).toBe(1065);
  });
  it.each(['bank', 'account', 'username', 'branch'] as const)('refuses a bank account without %s', (field) => {
    expect(codeOf(validateBankCard({ ...bank, [field]: ' ' }))).toBe(1001);
  });
  it('refuses a USDT account without an address (1065)', () => {
    expect(codeOf(validateBankCard({ type: 'USDT-TRC20', address: '' }))).toBe(1065);
  });
  it('checks the address format of each network', () => {
    const trc = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const erc = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(validateBankCard({ type: 'USDT-TRC20', address: trc, pwd })).toBeNull();
    expect(validateBankCard({ type: 'USDT-ERC20', address: erc, pwd })).toBeNull();
    expect(codeOf(validateBankCard({ type: 'USDT-TRC20', address: erc }))).toBe(1065);
    expect(codeOf(validateBankCard({ type: 'USDT-ERC20', address: trc }))).toBe(1065);
    expect(codeOf(validateBankCard({ type: 'USDT-TRC20', address: 'T0n9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }))).toBe(1065);
  });
});

describe('withdraw (SPEC 5)', () => {
  const base = { amount: '1,000.50', bankId: 3, pwd: '123456', leftMoney: 200_000 };
  it('strips commas and returns cents', () => expect(validateWithdraw(base)).toEqual({ cents: 100_050 }));
  it('refuses more than the withdrawable amount with 1025', () => {
    expect(validateWithdraw({ ...base, amount: '2000.01' })).toEqual({ refusal: { code: 1025 } });
  });
  it('refuses without an account (2058) and without a password (2057)', () => {
    expect(validateWithdraw({ ...base, bankId: null })).toEqual({ refusal: { code: 2058 } });
    expect(validateWithdraw({ ...base, pwd: '' })).toEqual({ refusal: { code: 2057 } });
  });
  it.each(['', '0', 'abc', '1.234', '-5', '100,000,000.01', '90071992547409.91'])('refuses the amount %j', (amount) => {
    expect(validateWithdraw({ ...base, amount, leftMoney: Number.MAX_SAFE_INTEGER })).toEqual({
      refusal: { code: 1050 },
    });
  });
  it('takes at most 100,000,000.00 USD at once', () => {
    expect(validateWithdraw({ ...base, amount: '100,000,000', leftMoney: Number.MAX_SAFE_INTEGER })).toEqual({
      cents: 10_000_000_000,
    });
  });
});

describe('finance transfer', () => {
  it.each([
    ['', 'amountEmpty'],
    ['0', 'amountEmpty'],
    ['99999.99', 'transferRange'],
    ['1500000.01', 'transferRange'],
    ['100000', null],
    ['1,500,000', null],
  ])('%j -> %s', (amount, code) => expect(codeOf(validateFinanceTransfer(amount))).toBe(code));
});

describe('date range', () => {
  it('refuses a start after the end', () => {
    expect(codeOf(validateDateRange('2026-11-22', '2026-11-21'))).toBe('dateRange');
    expect(validateDateRange('2026-11-19', '2026-11-22')).toBeNull();
    expect(validateDateRange('2026-11-22', '2026-11-22')).toBeNull();
  });
});

describe('buy (SPEC 5 and 9)', () => {
  const base: BuyInput = { roundClosed: false, selected: [0, 2], amount: '20', balance: 10_000, minBuy: 4_000 };
  it('passes and returns the stake per line in cents', () => expect(validateBuy(base)).toEqual({ stakeCents: 2_000 }));
  it.each([
    [{ roundClosed: true }, 'stopped'],
    [{ selected: [] }, 'pleaseSelect'],
    [{ selected: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'overSelectedTip'],
    [{ selected: [11] }, 1030],
    [{ amount: '0' }, 'inputCorrectTip'],
    [{ amount: '20.5' }, 'inputCorrectTip'],
    [{ amount: '-20' }, 'inputCorrectTip'],
    [{ amount: '19' }, 1024],
    [{ amount: '1000001', balance: Number.MAX_SAFE_INTEGER }, 1050],
    [{ amount: '90071992547409', balance: Number.MAX_SAFE_INTEGER }, 1050],
    [{ selected: [0], amount: '20', minBuy: 5_000 }, 'minBuy'],
    [{ amount: '60' }, 'noEnoughMoney'],
  ] as const)('refuses %o with %s', (patch, code) => {
    const result = validateBuy({ ...base, ...patch });
    expect('refusal' in result ? result.refusal.code : null).toBe(code);
  });
  it('stakes at most 1,000,000 USD a line', () => {
    expect(validateBuy({ ...base, amount: '1000000', balance: 200_000_000 })).toEqual({ stakeCents: 100_000_000 });
  });
  it('tells the minimum in the minBuy message', () => {
    expect(validateBuy({ ...base, selected: [0], minBuy: 5_000 })).toEqual({
      refusal: { code: 'minBuy', values: { num: { cents: 5_000 } } },
    });
  });
  it('allows nine options and refuses the tenth selection', () => {
    const nine = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    expect(toggleOutcome(nine.slice(0, 8), 8)).toEqual({ selected: nine });
    expect(toggleOutcome(nine, 9)).toEqual({ refusal: { code: 'overSelectedTip' } });
    expect(toggleOutcome(nine, 3)).toEqual({ selected: [0, 1, 2, 4, 5, 6, 7, 8] });
  });
});

describe('room entry', () => {
  const base = { loggedIn: true, balance: 50_000, minJoin: 10_000, vipRoom: false, level: 1, vipMinLevel: 2 };
  it('passes with enough balance', () => expect(validateRoomEntry(base)).toBeNull());
  it('refuses below minjoin with 2004 and the amount', () => {
    expect(validateRoomEntry({ ...base, balance: 9_999 })).toEqual({ code: 2004, values: { num: { cents: 10_000 } } });
  });
  it('refuses a VIP room below the VIP level with 2055, and asks a guest to log in', () => {
    expect(codeOf(validateRoomEntry({ ...base, vipRoom: true }))).toBe(2055);
    expect(codeOf(validateRoomEntry({ ...base, vipRoom: true, level: 2 }))).toBeNull();
    expect(codeOf(validateRoomEntry({ ...base, vipRoom: true, loggedIn: false }))).toBe(1062);
  });
});
