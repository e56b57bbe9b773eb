import { ApiPath } from '../../shared/api/paths';
import type { ApiAnswerOf, UserInfo } from '../../shared/api/types';
import { readAnsweredBy, readsChangedBy } from '../../shared/api/calls';
import type { CallPath, KeyPrefix } from './key';
import { queryKey } from './key';
import { getQueryData, invalidate, setQueryData } from './sync';

/** The reads a write changes (the call table's `invalidates`), as key prefixes. */
function changedBy(path: CallPath): KeyPrefix[] {
  return readsChangedBy(path).map((call) => [call.path as CallPath]);
}

/** News that comes without a write of the member's: a round was drawn (wins are credited), as an order changes. */
export const CHANGED_BY_DRAW: readonly KeyPrefix[] = changedBy(ApiPath.order);

/**
 * A write's answer that says what a read now holds, shown at once: the order's answer carries the
 * balance after the debit (while the profile is asked again), the read marker's the new count.
 */
async function applyAnswer(path: CallPath, answer: unknown): Promise<void> {
  if (answer === undefined) return;
  const read = readAnsweredBy(path);
  if (read) return setQueryData(queryKey(read.path as CallPath, {}), answer);
  if (path !== ApiPath.order) return;
  const { money } = (answer ?? {}) as Partial<ApiAnswerOf<typeof ApiPath.order>>;
  if (typeof money !== 'number') return;
  const key = queryKey(ApiPath.userInfo, {});
  const profile = await getQueryData<UserInfo>(key);
  if (profile) await setQueryData<UserInfo>(key, { ...profile.data, money });
}

/** After a write the server accepted: its answer into the cache, then the reads it changed asked again. */
export async function afterWrite(path: CallPath, answer: unknown): Promise<void> {
  await applyAnswer(path, answer).catch(() => undefined);
  await invalidate(changedBy(path));
}
