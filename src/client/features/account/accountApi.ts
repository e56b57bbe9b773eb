/** The member's sessions (getSessions), read through the sync layer like the member's other rows. */
import type { SessionItem } from '../../../shared/api/types';
import { ApiPath, useSession } from '../../api';
import { defineQuery, useQuery, type Synced } from '../../data';

export const sessionsQuery = defineQuery(ApiPath.sessions, {});

/** Where the member is logged in; disabled while logged out. */
export function useSessions(): Synced<SessionItem[]> {
  const { member } = useSession();
  return useQuery(member ? sessionsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}
