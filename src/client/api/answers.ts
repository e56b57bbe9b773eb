/**
 * Every answer is checked at the door: the `data` of a success is parsed with its path's schema
 * (src/shared/api/contract.ts) before a screen or the cache sees it, so an answer of the wrong
 * shape is a failure said in the member's words (1004, "network error, refresh"), never a row.
 *
 * The schemas, and zod with them, stay out of the entry, and each part of the contract (a domain
 * file's calls, named in the call table) is a chunk of its own, loaded when a call of it is first made,
 * beside the request: zod builds every schema of a module as it runs, which on a slow phone took
 * 200 ms for the whole contract, while home needs its config, banners, tiles and winners. The
 * service worker keeps every part for offline starts.
 */
import { callOf, type ContractPart } from '../../shared/api/calls';
import type { Calls } from '../../shared/api/fields';
import type { ApiAnswerOf, ApiContract } from '../../shared/api/types';
import { chunkLoader } from '../lib/chunkLoader';

/** The live part also holds the streams' event schemas: one loader for both. */
const loadLive = chunkLoader(() => import('../../shared/api/live'));

const PARTS: Record<ContractPart, () => Promise<Calls>> = {
  accounts: chunkLoader(() => import('../../shared/api/accounts').then((module) => module.accountCalls)),
  content: chunkLoader(() => import('../../shared/api/content').then((module) => module.contentCalls)),
  game: chunkLoader(() => import('../../shared/api/game').then((module) => module.gameCalls)),
  wallet: chunkLoader(() => import('../../shared/api/wallet').then((module) => module.walletCalls)),
  messages: chunkLoader(() => import('../../shared/api/messages').then((module) => module.messageCalls)),
  play: chunkLoader(() => import('../../shared/api/play').then((module) => module.playCalls)),
  ledger: chunkLoader(() => import('../../shared/api/ledger').then((module) => module.ledgerCalls)),
  push: chunkLoader(() => import('../../shared/api/push').then((module) => module.pushCalls)),
  live: () => loadLive().then((module) => module.liveCalls),
};

/** The schemas of a path's part of the contract: started with its request, so both arrive together. */
export const loadAnswerSchemas = (path: keyof ApiContract): Promise<Calls> => PARTS[callOf(path)!.part]();

/** Every part at once (the client tests load them all before a fake clock runs). */
export const loadAllAnswerSchemas = (): Promise<Calls[]> => Promise.all(Object.values(PARTS).map((load) => load()));

/** The live streams' event schemas, from the live part. */
export const loadEventSchemas = () =>
  loadLive().then(({ RoomEventSchema, MemberEventSchema }) => ({ RoomEventSchema, MemberEventSchema }));

export type CheckedAnswer<T> = { ok: true; data: T } | { ok: false; problem: string };

/** The answer as its schema reads it (keys it does not name are dropped), or what is wrong with it. */
export async function checkAnswer<P extends keyof ApiContract>(
  path: P,
  data: unknown,
): Promise<CheckedAnswer<ApiAnswerOf<P>>> {
  const schemas = await loadAnswerSchemas(path);
  const schema = schemas[path];
  if (!schema) return { ok: false, problem: `no schema for ${path}` };
  const result = schema.data.safeParse(data);
  if (result.success) return { ok: true, data: result.data as ApiAnswerOf<P> };
  const [first] = result.error.issues;
  return { ok: false, problem: first ? `${first.path.join('.') || '(data)'}: ${first.message}` : 'invalid' };
}
