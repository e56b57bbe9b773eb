import { ApiPath } from '../../../shared/api/paths';
import { loadEventSchemas } from '../../api/answers';
import { queryKey } from '../../data';
import type { QueryKey } from '../../data/key';
import { getQueryData, revalidate, setQueryData } from '../../data/sync';
import { clockNow } from '../../data/clock';
import { droppedEvent } from '../../data/live/dropped';
import { gameInfoQuery, type TimedGameInfo } from './gameApi';
import { applyRoomEvent, type LiveTable } from './liveRoom';

/** The room's live table as its stream told it, cached under getVorder's live-feed call. */
export function liveTableKey(roomid: number): QueryKey {
  return queryKey(ApiPath.vorder, { roomid, isfirst: 1 });
}

/**
 * Writes a room's events through the query cache, one after the other in the order they came:
 * each is checked against the shared schema (a wrong one is dropped, never shown), then the round
 * row and the live table row are written like an answer, so the room redraws and what is read
 * offline afterwards is the newest.
 */
export function roomEventWriter(roomid: number): (event: unknown) => Promise<void> {
  let queue = Promise.resolve();
  const infoKey = gameInfoQuery(roomid).key;
  const tableKey = liveTableKey(roomid);

  const rows = () => Promise.all([getQueryData<TimedGameInfo>(infoKey), getQueryData<LiveTable>(tableKey)]);

  async function write(raw: unknown): Promise<void> {
    const { RoomEventSchema } = await loadEventSchemas();
    const parsed = RoomEventSchema.safeParse(raw);
    if (!parsed.success) return droppedEvent('room', raw, parsed.error);
    const event = parsed.data;
    if ('roomid' in event && event.roomid !== roomid) return droppedEvent('room', raw, 'another room');
    let [info, table] = await rows();
    if (!info && event.type !== 'orders' && event.type !== 'orders.cancelled') {
      // A round event needs the round row. Without one yet, the room's first read is awaited (the
      // one under way, or one asked now) and the event applies on top of it: applied to nothing it
      // was lost, and an answer asked before the event then kept the room a round behind.
      const round = gameInfoQuery(roomid);
      await revalidate(round.key, round.fetch);
      [info, table] = await rows();
    }
    const before = { info: info?.data, table: table?.data };
    const after = applyRoomEvent(before, event, clockNow() + (before.info?.offset ?? 0));
    await Promise.all([
      after.info && after.info !== before.info ? setQueryData(infoKey, after.info) : null,
      after.table && after.table !== before.table ? setQueryData(tableKey, after.table) : null,
    ]);
  }

  return (event) => {
    queue = queue.then(() => write(event)).catch((error: unknown) => console.warn('[live] room event not kept', error));
    return queue;
  };
}
