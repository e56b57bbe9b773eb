import { useLingui } from '@lingui/react/macro';
import type { StreamStatus } from '../../data/live/connection';

/** How the room's figures reach it now: told live, asked every few seconds, or not at all. */
export type RoomFeed = StreamStatus | 'offline';

/** A small status pill for the room: live (its stream), polling, or offline. */
export function LiveIndicator({ feed }: { feed: RoomFeed }) {
  const { t } = useLingui();
  const text =
    feed === 'live'
      ? t`Live`
      : feed === 'connecting'
        ? t`Connecting`
        : feed === 'polling'
          ? t`Refreshing every 10 s`
          : t`Offline`;
  return (
    <span
      className={`live-indicator live-indicator-${feed}`}
      data-testid="live-indicator"
      data-feed={feed}
      role="status"
    >
      <span className="live-indicator-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
