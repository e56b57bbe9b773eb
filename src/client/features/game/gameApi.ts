/** The game's calls of the contract, typed, in one place. */
import { api, ApiError, ApiPath } from '../../api';
import { ErrorCode } from '../../../shared/errors';
import type { GameInfoAnswer, GetRoundAnswer, OwnOrderItem, Room, VorderAnswer } from '../../../shared/api/types';
import { defineQuery, profileQuery, queryKey, type Query } from '../../data';
import { wireCents } from '../../../shared/money';
import type { DehydratedState } from '@tanstack/react-query';
import { clockOffset } from './model';

export const roomsQuery = (roomtype: number): Query<Room[]> => defineQuery(ApiPath.roomList, { roomtype });

/** One drawn round's proof (getRound): cached like other reads, so a proof seen once opens offline. */
export const roundProofQuery = (roomid: number, seqno: string): Query<GetRoundAnswer> =>
  defineQuery(ApiPath.getRound, { roomid, seqno });

/** The last good getGameinfo of a room, with its clock offset: the room and its proofs open offline, marked stale. */
export const gameInfoQuery = (roomid: number): Query<TimedGameInfo> => ({
  key: queryKey(ApiPath.gameInfo, { roomid }),
  fetch: () => fetchGameInfo(roomid),
});

/** The room a path's `:id` names: a positive whole number, or 0 for none (the room then says so). */
export function roomIdOf(id: string | undefined): number {
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : 0;
}

/** What the room's first paint waits for (routes.ts): its round, and the member's balance above it. */
export function roomReads(id: string | undefined): Query<unknown>[] {
  const roomid = roomIdOf(id);
  return roomid > 0 ? [gameInfoQuery(roomid), profileQuery] : [];
}

export interface TimedGameInfo {
  info: GameInfoAnswer;
  /** Server clock minus device clock (ms) at the time of the answer. */
  offset: number;
}

/**
 * A room's answers as the server rendered them, for this device: their offsets were measured on the
 * server's clock, so each becomes server clock minus this device's (`deviceOffset`, from the page).
 */
export function onThisDevice(state: DehydratedState, deviceOffset: number): DehydratedState {
  const queries = state.queries.map((query) => {
    const data = query.state.data as TimedGameInfo | undefined;
    if (query.queryKey[0] !== ApiPath.gameInfo || typeof data?.offset !== 'number') return query;
    return { ...query, state: { ...query.state, data: { ...data, offset: data.offset + deviceOffset } } };
  });
  return { ...state, queries };
}

export async function fetchGameInfo(roomid: number, now: () => number = Date.now): Promise<TimedGameInfo> {
  const sentAt = now();
  const info = await api.call(ApiPath.gameInfo, { roomid }, { silent: true });
  const receivedAt = now();
  return { info, offset: clockOffset(info.serverTime, sentAt, receivedAt) };
}

export async function fetchLiveOrders(request: {
  roomid: number;
  cursor: number;
  seqno: string;
  gametype: number;
}): Promise<VorderAnswer> {
  const answer = await api.call(
    ApiPath.vorder,
    {
      isfirst: 1,
      roomid: request.roomid,
      order_id: request.cursor,
      gameseq: request.seqno,
      gametype: request.gametype,
    },
    { silent: true },
  );
  // With `isfirst` the call answers the live feed and its cursor; the member's own lines are no answer to it.
  if (!('order_id' in answer)) throw new ApiError({ code: ErrorCode.NetworkErrorRefresh, kind: 'malformed' });
  return answer;
}

export async function fetchOwnOrders(roomid: number, seqno: string): Promise<OwnOrderItem[]> {
  const answer = await api.call(ApiPath.vorder, { roomid, gameseq: seqno }, { silent: true });
  // Without `isfirst` the call answers the member's own lines of the round, which carry no cursor.
  if ('order_id' in answer) throw new ApiError({ code: ErrorCode.NetworkErrorRefresh, kind: 'malformed' });
  return answer.list;
}

/**
 * What the member staked on a drawn round and what its lines paid back (USD cents), and whether it
 * is settled yet (before, nothing is paid). A server that does not say (an older one) counts as settled.
 */
export async function fetchRoundResult(
  seqno: string,
  gametype: number,
): Promise<{ awardCents: number; stakeCents: number; settled: boolean }> {
  const answer = await api.call(ApiPath.current, { gameseq: seqno, gametype }, { silent: true });
  return {
    awardCents: wireCents(answer.award),
    stakeCents: wireCents(answer.total),
    settled: answer.settled !== false,
  };
}
