import { useEffect, useState } from 'react';
import { LivePath } from '../../../shared/api/paths';
import { useSession } from '../../api';
import { useBrowserOnline } from '../../data';
import { streamAddress } from '../../data/live/address';
import { openLiveConnection, type StreamStatus } from '../../data/live/connection';
import { liveTransport } from '../../data/live/seam';
import { roomEventWriter } from './roomStream';

/**
 * The room's live stream while the room is shown, the member logged in and the browser online:
 * its events write the round and the live table through the cache. What it answers says whether
 * the room may stop polling (connecting, live) or must poll (polling).
 */
export function useRoomStream(roomid: number, active: boolean): StreamStatus {
  const { token } = useSession();
  const browserOnline = useBrowserOnline();
  const wanted = active && token !== null && browserOnline;
  const [status, setStatus] = useState<{ roomid: number; status: StreamStatus }>({ roomid, status: 'connecting' });

  useEffect(() => {
    if (!wanted) return;
    const connection = openLiveConnection({
      transport: liveTransport(),
      address: (lastEventId) => streamAddress(LivePath.room.replace(':roomid', String(roomid)), lastEventId),
      onEvent: roomEventWriter(roomid),
      onStatus: (next) => setStatus({ roomid, status: next }),
    });
    return () => {
      connection.stop();
      setStatus({ roomid, status: 'connecting' });
    };
  }, [wanted, roomid]);

  if (!wanted || liveTransport() === null) return 'polling';
  return status.roomid === roomid ? status.status : 'connecting';
}
