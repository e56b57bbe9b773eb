/**
 * The call table (src/shared/api/calls.ts) against the contract (contract.ts): every path is in
 * both, and what the table says of a call agrees with its schemas. Over HTTP, the server's auth,
 * limits and success texts follow the table (tests/server/route-table.test.ts); in the app, the
 * member's rows go at logout (tests/client/logout-clears-member-rows.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { z } from '../../src/shared/zod';
import { apiContract, contractParts } from '../../src/shared/api/contract';
import {
  CALLS,
  callOf,
  isGuestPath,
  isIdempotentPath,
  isOwnedPath,
  isWritePath,
  pathsWhere,
  persistsAnswer,
  readAnsweredBy,
  readsChangedBy,
  type CallName,
} from '../../src/shared/api/calls';
import { ApiPath } from '../../src/shared/api/paths';

const PATHS = Object.values(ApiPath);
const NAMES = Object.keys(CALLS) as CallName[];

describe('the call table and the contract', () => {
  it('name the same paths, each once, and ApiPath names each call by its row', () => {
    expect(Object.keys(apiContract).sort()).toEqual([...PATHS].sort());
    expect(new Set(PATHS).size).toBe(PATHS.length);
    for (const name of NAMES) expect(ApiPath[name]).toBe(CALLS[name].path);
  });

  it('is joined from parts that hold each path once, each in the part the app loads for it', () => {
    const held = Object.entries(contractParts).flatMap(([part, calls]) =>
      Object.keys(calls).map((path) => `${path} ${part}`),
    );
    expect(held.sort()).toEqual(PATHS.map((path) => `${path} ${callOf(path)?.part}`).sort());
  });

  it.each(PATHS)('%s takes an idempotency key exactly when the table says so, and only as a write', (path) => {
    const request = apiContract[path].request;
    if (!(request instanceof z.ZodObject)) throw new Error(`${path}: request schemas are objects`);
    const call = callOf(path)!;
    expect('idempotencyKey' in request.shape, path).toBe(call.idempotent);
    if (call.idempotent) expect(call.kind).toBe('write');
  });

  it.each(PATHS)('%s gives codes only to fields its request has, each once', (path) => {
    const request = apiContract[path].request as z.ZodObject;
    const fields = (callOf(path)?.fields ?? []).map(([field]) => field);
    expect(fields.filter((field) => !(field in request.shape))).toEqual([]);
    expect(new Set(fields).size).toBe(fields.length);
  });
});

describe('what the table says of a path', () => {
  it('keeps every read only a session may make as the member’s own, and nothing a guest reads', () => {
    for (const path of PATHS) {
      const call = callOf(path)!;
      if (call.access === 'member' && call.kind === 'read') expect(call.owned, path).toBe(true);
      if (call.access === 'guest') expect(call.owned, path).toBe(false);
    }
  });

  it('stores no write’s answer, and keeps every read offline but a ticket, a round’s award and the ledger’s row proofs', () => {
    expect(pathsWhere((call) => call.kind === 'write' && call.persists)).toEqual([]);
    // Row proofs are kept beside the fund log's rows in the device's ledger tables (data/ledger.ts).
    expect(pathsWhere((call) => call.kind === 'read' && !call.persists).sort()).toEqual(
      [ApiPath.current, ApiPath.liveTicket, ApiPath.ledgerProof].sort(),
    );
    expect(persistsAnswer(ApiPath.vorder)).toBe(true);
    expect(persistsAnswer('/api/Game/unknown')).toBe(false);
  });

  it('has writes change only reads, and an order change the money, the member’s orders and the day', () => {
    for (const path of PATHS) {
      const changed = readsChangedBy(path);
      if (changed.length > 0) expect(callOf(path)?.kind, path).toBe('write');
      for (const read of changed) expect(read.kind, `${path} -> ${read.path}`).toBe('read');
    }
    expect(
      readsChangedBy(ApiPath.order)
        .map((call) => call.path)
        .sort(),
    ).toEqual([ApiPath.userInfo, ApiPath.leftMoney, ApiPath.financeFlow, ApiPath.gameLog, ApiPath.todayWinLost].sort());
    expect(readAnsweredBy(ApiPath.readMessages)?.path).toBe(ApiPath.messageReads);
    expect(readsChangedBy('/api/Game/unknown')).toEqual([]);
  });

  it('limits the calls that guess a password or make traffic, per address before a session, per session after', () => {
    const limited = pathsWhere((call) => call.limit !== undefined);
    expect(limited.sort()).toEqual(
      [
        ApiPath.login,
        ApiPath.register,
        ApiPath.smsSend,
        ApiPath.resetPassword,
        ApiPath.addBankCard,
        ApiPath.withdraw,
        ApiPath.liveTicket,
        ApiPath.ledgerProof,
        ApiPath.ledgerLiability,
      ].sort(),
    );
    for (const path of limited) {
      const { access, limit } = callOf(path)!;
      expect(limit?.per, path).toBe(access === 'guest' ? 'address' : 'session');
    }
  });

  it('has guests call only what they need before logging in: config, content, games, getting in, the signed ledger, the push key', () => {
    expect(pathsWhere((call) => call.access === 'guest').sort()).toEqual(
      [
        ApiPath.getConfig,
        ApiPath.login,
        ApiPath.register,
        ApiPath.smsSend,
        ApiPath.resetPassword,
        ApiPath.slide,
        ApiPath.oneClassArticle,
        ApiPath.articleDetail,
        ApiPath.articleList,
        ApiPath.winners,
        ApiPath.financeProducts,
        ApiPath.gameList,
        ApiPath.homeTiles,
        // Published for anyone to check (docs/ledger.md).
        ApiPath.ledgerHeads,
        ApiPath.ledgerKeys,
        // The server's VAPID public key: public by its nature (RFC 8292).
        ApiPath.pushKey,
      ].sort(),
    );
  });

  it('answers a path it does not know as a private one: a session needed, its rows the member’s', () => {
    expect(callOf('/api/Game/unknown')).toBeUndefined();
    expect(callOf('toString')).toBeUndefined();
    expect(isGuestPath('/api/Game/unknown')).toBe(false);
    expect(isOwnedPath('/api/Game/unknown')).toBe(true);
    expect(isWritePath('/api/Game/unknown')).toBe(false);
    expect(isIdempotentPath('/api/Game/unknown')).toBe(false);
  });

  it('names the password reset a write, so it is refused offline like the other account writes', () => {
    expect(isWritePath(ApiPath.resetPassword)).toBe(true);
  });
});
