/**
 * What the operator changes on games and rooms (admin game:set, room:set), checked so the engine
 * never reads junk: round and close lengths that leave time to order, amounts in cents with the
 * minimum order of 20 USD respected, rates above 1.00, VIP levels 0-8.
 */
import { MIN_ORDER_USD, OUTCOME_COUNT, VIP_LEVELS } from '../../../shared/constants';
import type { Updateable } from 'kysely';
import { RATE_FIELDS } from '../../../shared/game';
import type { GamesTable, RoomsTable } from '../../db/schema';
import { listGameRows, listRoomRows, updateGameRow, updateRoomRow } from '../../repositories/gameCatalog';
import type { Deps } from '../deps';
import { checkOperatorText, OperatorInputError } from '../operator';
import { gameSettings, roomSettings, type GameSettings, type RoomSettings } from './catalog';
import { timingProblem } from './timing';

export interface GameChange {
  roundSeconds?: number;
  closeSeconds?: number;
  enabled?: boolean;
}

export async function listGames(deps: Deps): Promise<GameSettings[]> {
  return (await listGameRows(deps.db)).map((row) => gameSettings(row));
}

export async function listRooms(deps: Deps): Promise<RoomSettings[]> {
  return (await listRoomRows(deps.db)).map(roomSettings);
}

/** Applies to rounds opened from now on; the running round keeps its times. */
export async function changeGame(deps: Deps, id: number, change: GameChange): Promise<GameSettings> {
  const game = (await listGames(deps)).find((g) => g.id === id);
  if (!game) throw new OperatorInputError(`no game ${id}`);
  const timing = {
    roundSeconds: change.roundSeconds ?? game.roundSeconds,
    closeSeconds: change.closeSeconds ?? game.closeSeconds,
  };
  const problem = timingProblem(timing);
  if (problem) throw new OperatorInputError(problem);
  const update: Updateable<GamesTable> = { round_seconds: timing.roundSeconds, close_seconds: timing.closeSeconds };
  if (change.enabled !== undefined) update.enabled = change.enabled ? 1 : 0;
  await updateGameRow(deps.db, id, update);
  return { ...game, ...timing, enabled: change.enabled ?? game.enabled };
}

export interface RoomChange {
  /** In English. */
  title?: string;
  /** Its translations (an empty one, as a room added without them has, shows the English). */
  titleVi?: string;
  titleZhCn?: string;
  titleZhTw?: string;
  minjoinCents?: number;
  minbuyCents?: number;
  /** Rates by outcome index, in hundredths. */
  rates?: Map<number, number>;
  minlevel?: number;
  refund1314?: boolean;
  enabled?: boolean;
}

export async function changeRoom(deps: Deps, id: number, change: RoomChange): Promise<RoomSettings> {
  const room = (await listRooms(deps)).find((r) => r.id === id);
  if (!room) throw new OperatorInputError(`no room ${id}`);
  const update: Updateable<RoomsTable> = {};
  if (change.title !== undefined) {
    if (change.title.trim() === '') throw new OperatorInputError('a room title cannot be empty');
    update.title = checkOperatorText('a room title', change.title.trim());
  }
  if (change.titleVi !== undefined) update.title_vi = checkOperatorText('a room title', change.titleVi.trim());
  if (change.titleZhCn !== undefined) update.title_zh_cn = checkOperatorText('a room title', change.titleZhCn.trim());
  if (change.titleZhTw !== undefined) update.title_zh_tw = checkOperatorText('a room title', change.titleZhTw.trim());
  if (change.minjoinCents !== undefined) {
    if (!Number.isSafeInteger(change.minjoinCents) || change.minjoinCents < 0) {
      throw new OperatorInputError('minjoin must be an amount of 0 or more');
    }
    update.minjoin_cents = change.minjoinCents;
  }
  if (change.minbuyCents !== undefined) {
    if (!Number.isSafeInteger(change.minbuyCents) || change.minbuyCents < MIN_ORDER_USD * 100) {
      throw new OperatorInputError(`minbuy must be at least the minimum order, ${MIN_ORDER_USD} USD`);
    }
    update.minbuy_cents = change.minbuyCents;
  }
  for (const [outcome, rate] of change.rates ?? []) {
    if (!Number.isInteger(outcome) || outcome < 0 || outcome >= OUTCOME_COUNT) {
      throw new OperatorInputError(`no outcome ${outcome}; outcomes are 0-${OUTCOME_COUNT - 1}`);
    }
    if (!Number.isSafeInteger(rate) || rate <= 100 || rate > 1_000_000) {
      throw new OperatorInputError(`rate${outcome} must be above 1.00 with at most two decimals`);
    }
    update[RATE_FIELDS[outcome]] = rate;
  }
  if (change.minlevel !== undefined) {
    if (!Number.isInteger(change.minlevel) || change.minlevel < 0 || change.minlevel > VIP_LEVELS) {
      throw new OperatorInputError(`minlevel must be 0 (everyone) to ${VIP_LEVELS}`);
    }
    update.minlevel = change.minlevel;
  }
  if (change.refund1314 !== undefined) update.refund1314 = change.refund1314 ? 1 : 0;
  if (change.enabled !== undefined) update.enabled = change.enabled ? 1 : 0;
  if (Object.keys(update).length === 0) throw new OperatorInputError('nothing to change');
  await updateRoomRow(deps.db, id, update);
  const changed = (await listRooms(deps)).find((r) => r.id === id);
  if (!changed) throw new OperatorInputError(`no room ${id}`);
  return changed;
}
