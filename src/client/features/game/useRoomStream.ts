import { useContext, useEffect, useState } from 'react';
import { LivePath } from '../../../shared/api/paths';
import { useSession } from '../../api';
import { useBrowserOnline } from '../../data';
import { streamAddress } from '../../data/live/address';
import type { StreamStatus } from '../../data/live/connection';
import { LiveStreamsContext } from '../../data/live/liveStreams';
import { roomEventWriter } from './roomStream';

/**
 * The room's live stream while the room is shown, the member logged in and the browser online:
 * its events write the round and the live table through the cache. What it answers says whether
 * the room may stop polling (connecting, live) or must poll (polling).
 */
export function useRoomStream(roomid: number, active: boolean): StreamStatus {
  const live = useContext(LiveStreamsContext);
  const { member } = useSession();
  const browserOnline = useBrowserOnline();
  const wanted = active && member !== null && browserOnline;
  const [status, setStatus] = useState<{ roomid: number; status: StreamStatus }>({ roomid, status: 'connecting' });

  useEffect(() => {
    if (!wanted) return;
    const connection = live.open({
      address: (lastEventId) => streamAddress(LivePath.room.replace(':roomid', String(roomid)), lastEventId),
      onEvent: roomEventWriter(roomid),
      onStatus: (next) => setStatus({ roomid, status: next }),
    });
    return () => {
      connection.stop();
      setStatus({ roomid, status: 'connecting' });
    };
  }, [live, wanted, roomid]);

  if (!wanted || live.transport === null) return 'polling';
  return status.roomid === roomid ? status.status : 'connecting';
}
