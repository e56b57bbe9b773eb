import { ApiPath } from '../../api';
import { defineQuery, useQuery } from '../../data';
import { localized } from '../../../shared/locale';
import type { Room } from '../../../shared/api/types';
import { useLocale } from '../../i18n';
import type { LevelledRoom } from '../../ui/VipLevelNote';

/** The three coin groups' room lists (roomtype 1 USDT, 2 BTC, 3 ETH): the room list's own reads and cache rows. */
const USDT_ROOMS = defineQuery(ApiPath.roomList, { roomtype: 1 });
const BTC_ROOMS = defineQuery(ApiPath.roomList, { roomtype: 2 });
const ETH_ROOMS = defineQuery(ApiPath.roomList, { roomtype: 3 });

/** Read again at most once a minute: operators change levels and rooms rarely. */
const MAX_AGE_MS = 60_000;

/**
 * Every room with the level it asks for, named in the member's language, once all three lists are
 * known (from the network or the cache); undefined before, so no partial list is shown as whole.
 */
export function useLevelledRooms(): LevelledRoom[] | undefined {
  const locale = useLocale();
  const usdt = useQuery(USDT_ROOMS, { maxAgeMs: MAX_AGE_MS }).data;
  const btc = useQuery(BTC_ROOMS, { maxAgeMs: MAX_AGE_MS }).data;
  const eth = useQuery(ETH_ROOMS, { maxAgeMs: MAX_AGE_MS }).data;
  if (!usdt || !btc || !eth) return undefined;
  const name = (room: Room) => (room.titles ? localized(room.titles, locale) : room.title);
  return [...usdt, ...btc, ...eth].map((room) => ({ id: room.id, name: name(room), minlevel: room.minlevel }));
}
