/**
 * Withdrawal accounts over HTTP (SPEC.md sections 2 Bank list, 5 Add bank card): a member lists,
 * adds and deletes only their own; every refusal answers its code and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { BankCard } from '../../src/shared/api/types';
import { MAX_BANK_CARDS } from '../../src/server/domain/wallet/bankCards';
import { startServer, type TestServer } from './support/server';
import {
  addCard,
  BANK,
  call,
  ERC20_ADDRESS,
  ledgerOf,
  PAY_PASSWORD,
  TRC20_ADDRESS,
  walletMember,
} from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** addbankcard as the member sends it, with the withdrawal password. */
function add<T = unknown>(token: string, body: Record<string, unknown>) {
  return call<T>(server, ApiPath.addBankCard, token, { pwd: PAY_PASSWORD, ...body });
}

async function list(token: string): Promise<BankCard[]> {
  const answer = await call<BankCard[]>(server, ApiPath.bankCardList, token);
  expect(answer.body.code).toBe(1);
  return answer.body.data;
}

describe('getBankcardlist / addbankcard', () => {
  it('a new member has no accounts', async () => {
    const member = await walletMember(server);
    expect(await list(member.token)).toEqual([]);
  });

  it('adds a bank account and each USDT network, trimmed, with only the fields of its type', async () => {
    const member = await walletMember(server);
    const bank = await add<BankCard>(member.token, {
      ...BANK,
      bank: '  Vietcombank ',
      address: 'ignored for a bank',
    });
    expect(bank.body).toMatchObject({ code: 1, info: expect.stringMatching(/success/i) });
    expect(bank.body.data).toEqual({
      id: expect.any(Number),
      type: 'Bank',
      bank: 'Vietcombank',
      account: '0071 0012 3456',
      username: 'Nguyen Van A',
      branch: 'Ha Noi',
      address: '',
      addedAt: server.clock.now,
      availableAt: server.clock.now + 24 * 3600_000,
    });
    const trc = await addCard(server, member.token, { type: 'USDT-TRC20', address: ` ${TRC20_ADDRESS} `, bank: 'x' });
    expect(trc).toMatchObject({ type: 'USDT-TRC20', address: TRC20_ADDRESS, bank: '', account: '', username: '' });
    const erc = await addCard(server, member.token, { type: 'USDT-ERC20', address: ERC20_ADDRESS });
    expect(await list(member.token)).toEqual([bank.body.data, trc, erc]);
  });

  it('accepts numbers where a form-encoded client sends them', async () => {
    const member = await walletMember(server);
    const card = await addCard(server, member.token, { ...BANK, account: 123456789 as unknown as string });
    expect(card.account).toBe('123456789');
  });

  it.each([
    ['a bank without a bank name', { ...BANK, bank: ' ' }, 1001],
    ['a bank without an account', { ...BANK, account: undefined }, 1001],
    ['a bank without the real name', { ...BANK, username: '' }, 1001],
    ['a bank without a branch', { ...BANK, branch: undefined }, 1001],
    ['USDT-TRC20 without an address', { type: 'USDT-TRC20' }, 1065],
    ['USDT-TRC20 with an ERC20 address', { type: 'USDT-TRC20', address: ERC20_ADDRESS }, 1065],
    ['USDT-ERC20 with a TRC20 address', { type: 'USDT-ERC20', address: TRC20_ADDRESS }, 1065],
    ['USDT-ERC20 one digit short', { type: 'USDT-ERC20', address: ERC20_ADDRESS.slice(0, -1) }, 1065],
    ['an unknown type', { type: 'PayPal', address: 'me@example.com' }, 1001],
    ['no type', { address: TRC20_ADDRESS }, 1001],
    ['an account far too long', { ...BANK, account: '1'.repeat(65) }, 1001],
  ])('refuses %s (%i) and adds nothing', async (_name, body, code) => {
    const member = await walletMember(server);
    const answer = await add(member.token, body);
    expect(answer.body.code).toBe(code);
    expect(answer.body.info).not.toBe('');
    expect((await ledgerOf(server, member.id)).cards).toBe(0);
  });

  it(`allows ${MAX_BANK_CARDS} live accounts; one more answers 1046 until one is deleted`, async () => {
    const member = await walletMember(server);
    const cards: BankCard[] = [];
    for (let i = 0; i < MAX_BANK_CARDS; i++)
      cards.push(await addCard(server, member.token, { ...BANK, account: `acct-${i}` }));
    const over = await add(member.token, { ...BANK, account: 'one-more' });
    expect(over.body.code).toBe(1046);
    expect(await list(member.token)).toHaveLength(MAX_BANK_CARDS);
    expect((await call(server, ApiPath.deleteBankCard, member.token, { id: cards[0].id })).body.code).toBe(1);
    expect((await add(member.token, { ...BANK, account: 'one-more' })).body.code).toBe(1);
  });

  it('parallel adds past the limit still stop at the limit', async () => {
    const member = await walletMember(server);
    // Two places left, five adds at once (no more: more than five checks of the withdrawal
    // password at one moment are refused by its wrong-try limit, guessing.test.ts).
    for (let i = 0; i < MAX_BANK_CARDS - 2; i++)
      await addCard(server, member.token, { ...BANK, account: `before-${i}` });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => add(member.token, { ...BANK, account: `parallel-${i}` })),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 1046)).toHaveLength(3);
    expect(await list(member.token)).toHaveLength(MAX_BANK_CARDS);
  });

  it('refuses the same account twice (3003, saying so), however it is spaced or capitalised', async () => {
    const member = await walletMember(server);
    await addCard(server, member.token);
    await addCard(server, member.token, { type: 'USDT-ERC20', address: ERC20_ADDRESS });
    for (const again of [
      { ...BANK },
      { ...BANK, bank: 'VIETCOMBANK', account: '0071-0012-3456', username: 'Someone Else' },
      { type: 'USDT-ERC20', address: ERC20_ADDRESS.toLowerCase() },
    ]) {
      expect((await add(member.token, again)).body.code).toBe(3003);
    }
    expect(await list(member.token)).toHaveLength(2);
    // The same number at another bank is another account; another member may save the same one.
    await addCard(server, member.token, { ...BANK, bank: 'Techcombank' });
    const other = await walletMember(server);
    await addCard(server, other.token);
  });

  it('parallel adds of one account keep one', async () => {
    const member = await walletMember(server);
    const answers = await Promise.all(Array.from({ length: 4 }, () => add(member.token, { ...BANK })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 3003, 3003, 3003]);
    expect(await list(member.token)).toHaveLength(1);
  });

  it('lists only the member’s own accounts', async () => {
    const a = await walletMember(server);
    const b = await walletMember(server);
    const cardA = await addCard(server, a.token);
    const cardB = await addCard(server, b.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    expect(await list(a.token)).toEqual([cardA]);
    expect(await list(b.token)).toEqual([cardB]);
  });

  it('needs a live session', async () => {
    expect((await server.call(ApiPath.bankCardList, { lang: 'en' })).body.code).toBe(409);
    expect((await server.call(ApiPath.addBankCard, { ...BANK, token: 'f'.repeat(64) })).body.code).toBe(409);
  });
});

describe('delbankcard', () => {
  it('deletes the member’s own account; it leaves the list and can be added again', async () => {
    const member = await walletMember(server);
    const card = await addCard(server, member.token);
    const answer = await call(server, ApiPath.deleteBankCard, member.token, { id: card.id });
    expect(answer.body).toMatchObject({ code: 1, data: null });
    expect(await list(member.token)).toEqual([]);
    const again = await addCard(server, member.token);
    expect(again.id).not.toBe(card.id);
  });

  it('another member’s id answers 1032 and both lists stay as they were', async () => {
    const owner = await walletMember(server);
    const intruder = await walletMember(server);
    const card = await addCard(server, owner.token);
    const mine = await addCard(server, intruder.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const answer = await call(server, ApiPath.deleteBankCard, intruder.token, { id: card.id });
    expect(answer.body.code).toBe(1032);
    expect(answer.body.info).toBe('The selected account does not exist');
    expect(await list(owner.token)).toEqual([card]);
    expect(await list(intruder.token)).toEqual([mine]);
  });

  it.each([
    ['an unknown id', { id: 999_999 }, 1032],
    // No account is selected: the spec's "selected account does not exist" (fieldCodes.ts).
    ['no id', {}, 1032],
    ['a negative id', { id: -1 }, 1032],
    ['a text id', { id: 'abc' }, 1032],
  ])('%s answers %i', async (_name, body, code) => {
    const member = await walletMember(server);
    await addCard(server, member.token);
    expect((await call(server, ApiPath.deleteBankCard, member.token, body)).body.code).toBe(code);
    expect(await list(member.token)).toHaveLength(1);
  });

  it('deleting twice answers 1032 the second time', async () => {
    const member = await walletMember(server);
    const card = await addCard(server, member.token);
    expect((await call(server, ApiPath.deleteBankCard, member.token, { id: card.id })).body.code).toBe(1);
    expect((await call(server, ApiPath.deleteBankCard, member.token, { id: card.id })).body.code).toBe(1032);
  });
});
