import { useLiveQuery } from 'dexie-react-hooks';
import { ApiPath, useSession } from '../api';
import { db } from './db';
import { defineQuery, useQuery } from './query';

/** The member's newest order line, nothing more: whether there is one at all. */
const newestOrderQuery = defineQuery(ApiPath.gameLog, { limit: 1 });

/**
 * Whether the member has played at least once (issue 47: notifications are offered only then, never
 * on a first visit): an order line of theirs on the device (orderHistory.ts) says so at once and
 * offline; without one, their newest line on the server, a one-row read kept like any other.
 * Undefined while neither is known yet; false when logged out.
 */
export function useHasPlayed(): boolean | undefined {
  const owner = useSession().member ?? '';
  const stored = useLiveQuery(
    async () => (owner ? (await db.orders.where('owner').equals(owner).first()) !== undefined : false),
    [owner],
  );
  const newest = useQuery(owner !== '' && stored === false ? newestOrderQuery : null);
  if (owner === '') return false;
  if (stored === undefined) return undefined;
  if (stored) return true;
  if (newest.data !== undefined) return newest.data.length > 0;
  return newest.isLoading ? undefined : false;
}
