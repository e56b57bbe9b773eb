/**
 * What a room's live event (docs/live-events.md) changes in what the room shows, as pure rules:
 * the round (the cached getGameinfo answer) and the live table of the current round. The stream
 * writes their results through the query cache like an answer (roomStream.ts).
 */
import type { GameRound, LiveLine, LiveOrder, RoomEvent } from '../../../shared/api/types';
import { toUsd, wireCents } from '../../../shared/money';
import type { TimedGameInfo } from './gameApi';

/** The live table of a room's current round as the stream told it: lines oldest first. */
export interface LiveTable {
  seqno: string;
  lines: LiveOrder[];
  /** The newest line id told. */
  cursor: number;
}

/** Lines kept in the cached table: far more than the screen shows (model.ts LIVE_ROWS_KEPT). */
const TABLE_KEPT = 200;

export interface RoomView {
  info: TimedGameInfo | undefined;
  table: LiveTable | undefined;
}

type OpenedRound = Extract<RoomEvent, { type: 'round.opened' }>['round'];
type DrawnRound = Extract<RoomEvent, { type: 'round.drawn' }>['round'];

function timeLeft(ms: number): GameRound['diff'] {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return { minute: Math.floor(seconds / 60), second: seconds % 60 };
}

/** A round the stream announced, in getGameinfo's shape; what it does not tell is the previous round's. */
function openedRound(previous: GameRound, round: OpenedRound, gametype: number, serverNow: number): GameRound {
  return {
    ...previous,
    id: round.id,
    seqno: round.seqno,
    gametype,
    status: 'open',
    initmoney: 0,
    num1: null,
    num2: null,
    num3: null,
    sum: null,
    resultcn: '',
    results: [],
    diff: timeLeft(round.drawAt - serverNow),
    drawAt: round.drawAt,
    closeAt: round.closeAt,
    commitment: round.commitment,
    seed: null,
  };
}

function drawnRound(base: GameRound, round: DrawnRound): GameRound {
  const { id, seqno, num1, num2, num3, sum, results, seed } = round;
  return { ...base, id, seqno, status: 'drawn', num1, num2, num3, sum, results, seed, diff: timeLeft(0) };
}

function withOpened(info: TimedGameInfo, round: OpenedRound, gametype: number, serverNow: number): TimedGameInfo {
  const game = info.info.game;
  // A repeat, or an older round than the one shown, changes nothing.
  if (round.id <= game.id) return info;
  const next = openedRound(game, round, gametype, serverNow);
  return { ...info, info: { ...info.info, game: next, diff: next.diff } };
}

function withDrawn(info: TimedGameInfo, round: DrawnRound): TimedGameInfo {
  const { game, his } = info.info;
  const known = his.find((old) => old.id === round.id);
  const base = game.id === round.id ? game : (known ?? { ...game, commitment: '' });
  const drawn = drawnRound(base, round);
  const history = [drawn, ...his.filter((old) => old.id !== round.id)]
    .sort((a, b) => b.id - a.id)
    .slice(0, Math.max(his.length, 1));
  return {
    ...info,
    info: { ...info.info, game: game.id === round.id ? drawn : game, his: history },
  };
}

function withClosed(info: TimedGameInfo, roundId: number): TimedGameInfo {
  const { game } = info.info;
  if (game.id !== roundId || game.status !== 'open') return info;
  return { ...info, info: { ...info.info, game: { ...game, status: 'closed' } } };
}

/** A stream's line as getVorder's: the outcome's name is the app's to give (from `value`). */
function orderOf(line: LiveLine): LiveOrder {
  return { ...line, valuecn: '' };
}

function withLines(table: LiveTable | undefined, seqno: string, lines: readonly LiveLine[]): LiveTable {
  const base = table?.seqno === seqno ? table : { seqno, lines: [], cursor: 0 };
  const known = new Set(base.lines.map((line) => line.id));
  const fresh = lines.filter((line) => line.seqno === seqno && !known.has(line.id)).map(orderOf);
  if (fresh.length === 0 && base === table) return table;
  const all = [...base.lines, ...fresh].sort((a, b) => a.id - b.id).slice(-TABLE_KEPT);
  return { seqno, lines: all, cursor: Math.max(base.cursor, ...fresh.map((line) => line.id)) };
}

/** New lines' stakes added to the round's total, once each. */
function withStakes(info: TimedGameInfo, before: LiveTable | undefined, after: LiveTable): TimedGameInfo {
  const { game } = info.info;
  if (after.seqno !== game.seqno || after === before) return info;
  const had = new Set(before?.seqno === after.seqno ? before.lines.map((line) => line.id) : []);
  const added = after.lines.filter((line) => !had.has(line.id)).reduce((sum, line) => sum + wireCents(line.money), 0);
  if (added === 0) return info;
  const initmoney = toUsd(wireCents(game.initmoney) + added);
  return { ...info, info: { ...info.info, game: { ...game, initmoney } } };
}

/**
 * A room's view after one event. A repeat changes nothing (a line by its id, a round by its id),
 * so events a snapshot already reflects can follow it. Round events need the round row (getGameinfo
 * answered once in this room): without it they wait for that answer, which holds them.
 */
export function applyRoomEvent(view: RoomView, event: RoomEvent, serverNow: number): RoomView {
  const { info, table } = view;
  switch (event.type) {
    case 'round.opened':
      return { ...view, info: info && withOpened(info, event.round, event.gametype, serverNow) };
    case 'round.closed':
      return { ...view, info: info && withClosed(info, event.roundId) };
    case 'round.drawn':
      return { ...view, info: info && withDrawn(info, event.round) };
    case 'orders': {
      const seqno = event.lines[0]?.seqno;
      if (seqno === undefined) return view;
      const next = withLines(table, seqno, event.lines);
      return { info: info && withStakes(info, table, next), table: next };
    }
    case 'orders.cancelled': {
      if (!table) return view;
      const gone = new Set(event.ids);
      const lines = table.lines.filter((line) => !gone.has(line.id));
      return lines.length === table.lines.length ? view : { ...view, table: { ...table, lines } };
    }
    case 'snapshot': {
      let next = info;
      if (next && event.last) next = withDrawn(next, event.last);
      if (next && event.round) {
        const { status, ...round } = event.round;
        next = withOpened(next, round, event.gametype, serverNow);
        if (status !== 'open' && next.info.game.id === round.id) {
          next = { ...next, info: { ...next.info, game: { ...next.info.game, status } } };
        }
      }
      const seqno = event.round?.seqno ?? event.lines[0]?.seqno;
      const lines = event.lines.map(orderOf);
      const snapshotTable =
        seqno === undefined
          ? table
          : { seqno, lines, cursor: Math.max(table?.seqno === seqno ? table.cursor : 0, ...lines.map((l) => l.id)) };
      return { info: next, table: snapshotTable };
    }
  }
}
