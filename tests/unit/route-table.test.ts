/**
 * The route table (src/shared/api/routes.ts) against the contract (contract.ts): every path is in
 * both, and what the table says of a path agrees with its schemas. Over HTTP, the server's auth
 * and success texts follow the table (tests/server/route-table.test.ts); in the app, the member's
 * rows go at logout (tests/client/logout-clears-member-rows.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { z } from '../../src/shared/zod';
import { apiContract, contractParts } from '../../src/shared/api/contract';
import { CONTRACT_PART_OF } from '../../src/shared/api/contractParts';
import { ApiPath } from '../../src/shared/api/paths';
import {
  isGuestPath,
  isIdempotentPath,
  isOwnedPath,
  isWritePath,
  pathsWhere,
  routeOf,
  ROUTES,
} from '../../src/shared/api/routes';

const PATHS = Object.values(ApiPath);

describe('the route table and the contract', () => {
  it('name the same paths, each once', () => {
    expect(Object.keys(ROUTES).sort()).toEqual([...PATHS].sort());
    expect(Object.keys(apiContract).sort()).toEqual([...PATHS].sort());
    expect(new Set(PATHS).size).toBe(PATHS.length);
  });

  it('is joined from parts that hold each path once, each in the part the app loads for it', () => {
    const held = Object.entries(contractParts).flatMap(([part, calls]) =>
      Object.keys(calls).map((path) => `${path} ${part}`),
    );
    expect(held.sort()).toEqual(PATHS.map((path) => `${path} ${CONTRACT_PART_OF[path]}`).sort());
  });

  it.each(PATHS)('%s takes an idempotency key exactly when the table says so, and only as a write', (path) => {
    const request = apiContract[path].request;
    if (!(request instanceof z.ZodObject)) throw new Error(`${path}: request schemas are objects`);
    expect('idempotencyKey' in request.shape, path).toBe(ROUTES[path].idempotent);
    if (ROUTES[path].idempotent) expect(ROUTES[path].kind).toBe('write');
  });
});

describe('what the table says of a path', () => {
  it('keeps every read only a session may make as the member’s own, and nothing a guest reads', () => {
    for (const path of PATHS) {
      const route = ROUTES[path];
      if (route.access === 'member' && route.kind === 'read') expect(route.owned, path).toBe(true);
      if (route.access === 'guest') expect(route.owned, path).toBe(false);
    }
  });

  it('stores no write’s answer, and every read somewhere', () => {
    for (const path of PATHS) {
      const route = ROUTES[path];
      expect(route.cache === 'none', path).toBe(route.kind === 'write');
    }
  });

  it('has guests call only what they need before logging in: config, content, games, and getting in', () => {
    expect(pathsWhere((route) => route.access === 'guest').sort()).toEqual(
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
      ].sort(),
    );
  });

  it('answers a path it does not know as a private one: a session needed, its rows the member’s', () => {
    expect(routeOf('/api/Game/unknown')).toBeUndefined();
    expect(routeOf('toString')).toBeUndefined();
    expect(isGuestPath('/api/Game/unknown')).toBe(false);
    expect(isOwnedPath('/api/Game/unknown')).toBe(true);
    expect(isWritePath('/api/Game/unknown')).toBe(false);
    expect(isIdempotentPath('/api/Game/unknown')).toBe(false);
  });

  it('names the password reset a write, so it is refused offline like the other account writes', () => {
    expect(isWritePath(ApiPath.resetPassword)).toBe(true);
  });
});
