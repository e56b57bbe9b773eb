import { useContext, useEffect } from 'react';
import { LiveStreamsContext } from '../data/live/liveStreams';
import { whenIdle } from '../lib/idle';

/**
 * The member's own live news (balance, settlements, withdrawals decided, messages) from the app's
 * start on every page, not only once a room was visited: a withdrawal the operator decides while
 * the member reads /withdraw changes there in place. Started once the first screen is idle, so it
 * never delays a first paint; it follows the session from then on (opened at login, closed at
 * logout) and calling it again changes nothing.
 */
export function useMemberNews(): void {
  const live = useContext(LiveStreamsContext);
  useEffect(() => whenIdle(() => live.followMember()), [live]);
}
