/**
 * Addresses that cannot exist: a USDT address shaped like one of its network but failing the
 * network's checksum (TRON base58check, Ethereum EIP-55 in mixed case) is refused when added (3011,
 * in the member's language) and nothing is saved; one saved before the check existed stays listed
 * but receives no withdrawal (3011, nothing moves), and a withdrawal already asked for to it cannot
 * be paid by the operator, only rejected (the money goes back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { BankCard } from '../../src/shared/api/types';
import { cardFingerprint } from '../../src/server/domain/wallet/bankCards';
import { FundReason, WITHDRAWAL_REF } from '../../src/server/domain/fundReasons';
import { changeBalance } from '../../src/server/domain/ledger';
import { insertWithdrawal } from '../../src/server/repositories/withdrawals';
import { ErrorCode } from '../../src/shared/errors';
import { adminOf } from './support/admin';
import { startServer, type TestServer } from './support/server';
import { ageCard, call, ledgerOf, PAY_PASSWORD, setSetting, walletMember, withdraw } from './support/wallet';

/** Shaped like a TRON address, but its last four bytes are not its checksum. */
const TRON_NO_SUCH = 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
/** EIP-55's first mixed-case example with its first letter's case flipped. */
const ETHEREUM_NO_SUCH = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** TRON's documented example address; EIP-55's example written all in lower case (no checksum). */
const TRON_GOOD = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const ETHEREUM_LOWER = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(() => server.close());

const admin = adminOf(() => server);

function add(token: string, body: Record<string, unknown>, lang = 'en') {
  return call<BankCard>(server, ApiPath.addBankCard, token, { pwd: PAY_PASSWORD, lang, ...body });
}

/** An account saved as it could be before the checksums were checked, past the hold of a new account. */
async function savedBeforeTheCheck(memberId: number, address: string): Promise<number> {
  const fields = { type: 'USDT-TRC20' as const, bank: '', account: '', username: '', branch: '', address };
  const row = await server.deps.db
    .insertInto('bank_cards')
    .values({
      member_id: memberId,
      ...fields,
      fingerprint: cardFingerprint(fields),
      created_at: server.clock.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ageCard(server, row.id);
  return row.id;
}

describe('adding an address that cannot exist', () => {
  it.each([
    ['USDT-TRC20', TRON_NO_SUCH],
    ['USDT-ERC20', ETHEREUM_NO_SUCH],
  ])(
    'refuses a %s address failing its checksum (3011, naming the network) and saves nothing',
    async (type, address) => {
      const member = await walletMember(server);
      const answer = await add(member.token, { type, address });
      expect(answer.body).toMatchObject({ code: ErrorCode.AddressChecksum, data: null });
      expect(answer.body.info).toBe(
        `This ${type} address fails its checksum: a character is wrong. Copy it again from your wallet.`,
      );
      expect((await ledgerOf(server, member.id)).cards).toBe(0);
    },
  );

  it('says so in each language', async () => {
    const member = await walletMember(server);
    const texts = await Promise.all(
      ['vi', 'chs', 'cht'].map(
        async (lang) => (await add(member.token, { type: 'USDT-TRC20', address: TRON_NO_SUCH }, lang)).body,
      ),
    );
    expect(texts.map((body) => body.code)).toEqual([3011, 3011, 3011]);
    expect(texts[0].info).toContain('Địa chỉ USDT-TRC20 này không khớp mã kiểm tra');
    expect(texts[1].info).toContain('此 USDT-TRC20 地址未通过校验');
    expect(texts[2].info).toContain('此 USDT-TRC20 地址未通過校驗');
  });

  it("takes TRON's documented address and an Ethereum address in one case (no checksum to check)", async () => {
    const member = await walletMember(server);
    expect((await add(member.token, { type: 'USDT-TRC20', address: TRON_GOOD })).body.code).toBe(1);
    expect((await add(member.token, { type: 'USDT-ERC20', address: ETHEREUM_LOWER })).body.code).toBe(1);
    expect((await ledgerOf(server, member.id)).cards).toBe(2);
  });
});

describe('an address saved before the check existed', () => {
  it('stays listed, but a withdrawal to it is refused (3011) and nothing moves', async () => {
    const member = await walletMember(server, 100);
    const cardId = await savedBeforeTheCheck(member.id, TRON_NO_SUCH);
    const listed = await call<BankCard[]>(server, ApiPath.bankCardList, member.token);
    expect(listed.body.data.map((card) => card.address)).toEqual([TRON_NO_SUCH]);
    const before = await ledgerOf(server, member.id);
    const answer = await withdraw(server, member.token, { bank_id: cardId, money: 30, pwd: PAY_PASSWORD });
    expect(answer.body).toMatchObject({
      code: 3011,
      info: expect.stringContaining('USDT-TRC20 address fails its checksum'),
    });
    expect(await ledgerOf(server, member.id)).toEqual(before);
    // The member deletes it (and adds the right one).
    expect((await call(server, ApiPath.deleteBankCard, member.token, { id: cardId })).body.code).toBe(1);
  });

  it('a withdrawal already asked for to it cannot be approved, only rejected; the audit passes', async () => {
    const member = await walletMember(server, 100);
    const cardId = await savedBeforeTheCheck(member.id, TRON_NO_SUCH);
    const id = await server.deps.db.transaction().execute(async (trx) => {
      const now = server.clock.now;
      const withdrawalId = await insertWithdrawal(trx, {
        member_id: member.id,
        card_id: cardId,
        card_type: 'USDT-TRC20',
        card_bank: '',
        card_account: '',
        card_username: '',
        card_branch: '',
        card_address: TRON_NO_SUCH,
        amount_cents: 30_00,
        idem_key: null,
        request_hash: null,
        created_at: now,
        decided_at: null,
      });
      await changeBalance(trx, {
        memberId: member.id,
        deltaCents: -30_00,
        reason: FundReason.Withdraw,
        refType: WITHDRAWAL_REF,
        refId: String(withdrawalId),
        insufficientCode: ErrorCode.WithdrawOverLimit,
        now,
      });
      return withdrawalId;
    });
    const listed = await admin('withdraw:list', '--status', 'pending');
    expect(listed.out).toContain(`#${id} pending 30.00 USD`);
    expect(listed.out).toContain(`USDT-TRC20 ${TRON_NO_SUCH} (address fails its checksum: reject it)`);
    const approve = await admin('withdraw:approve', String(id));
    expect(approve.code).toBe(1);
    expect(approve.err).toBe(
      `withdraw:approve: withdrawal #${id} cannot be paid: the USDT-TRC20 address ${TRON_NO_SUCH} fails its ` +
        "network's checksum, so nobody can hold it; reject it instead (the money goes back to the member)",
    );
    expect(
      (await server.deps.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');
    expect((await admin('withdraw:reject', String(id), '--note', 'address fails its checksum')).code).toBe(0);
    expect((await ledgerOf(server, member.id)).balance).toBe(100_00);
    const audit = await admin('audit');
    expect(audit.code, audit.out).toBe(0);
  });
});
