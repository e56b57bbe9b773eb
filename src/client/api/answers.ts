/**
 * Every answer is checked at the door: the `data` of a success is parsed with its path's schema
 * (src/shared/api/contract.ts) before a screen or the cache sees it, so an answer of the wrong
 * shape is a failure said in the member's words (1004, "network error, refresh"), never a row. The schemas, and zod with
 * them, are a chunk of their own: main.tsx starts loading it at boot, beside the first calls, and
 * every call starts it too, so the entry does not grow and no answer waits for it longer than the
 * chunk takes to arrive (the service worker keeps it for offline starts).
 */
import type { ApiAnswerOf, ApiContract } from '../../shared/api/types';
import { chunkLoader } from '../chunkLoader';

const loadContract = chunkLoader(() => import('../../shared/api/contract'));

export const loadAnswerSchemas = (): Promise<ApiContract> => loadContract().then((module) => module.apiContract);

/**
 * The live streams' event schemas (src/shared/api/live.ts) come from the same chunk: imported
 * apart, zod became a chunk of its own that every first screen asked for besides the contract's.
 */
export const loadEventSchemas = () =>
  loadContract().then(({ RoomEventSchema, MemberEventSchema }) => ({ RoomEventSchema, MemberEventSchema }));

export type CheckedAnswer<T> = { ok: true; data: T } | { ok: false; problem: string };

/** The answer as its schema reads it (keys it does not name are dropped), or what is wrong with it. */
export async function checkAnswer<P extends keyof ApiContract>(
  path: P,
  data: unknown,
): Promise<CheckedAnswer<ApiAnswerOf<P>>> {
  const schemas = await loadAnswerSchemas();
  const result = schemas[path].data.safeParse(data);
  if (result.success) return { ok: true, data: result.data as ApiAnswerOf<P> };
  const [first] = result.error.issues;
  return { ok: false, problem: first ? `${first.path.join('.') || '(data)'}: ${first.message}` : 'invalid' };
}
