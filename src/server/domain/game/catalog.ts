/**
 * Games and rooms as the engine uses them (cents, rates as a list, flags as booleans), their wire
 * shapes, and a small cache: every order and every poll needs a room and its game, and operators
 * change them rarely (from the admin command, another process), so a copy at most `ttlMs` old is
 * read instead of two queries per request. Operator changes apply within that time (1 s by default).
 */
import type { GameListItem, Room, RoomKind } from '../../../shared/api/types';
import type { LocalizedText } from '../../../shared/locale';
import { toUsd } from '../../../shared/money';
import { rateFields, ratesOf } from '../../../shared/game';
import type { Db, GameRow, RoomRow } from '../../db/schema';
import { listGameRows, listRoomRows } from '../../repositories/gameCatalog';
import type { RoundTiming } from './timing';
import { realTime, type CacheClock } from '../ttlCache';

export interface GameSettings {
  id: number;
  type: number;
  title: string;
  minjoinCents: number;
  roundSeconds: number;
  closeSeconds: number;
  enabled: boolean;
}

export interface RoomSettings {
  id: number;
  roomtype: number;
  kind: RoomKind;
  /** In English. */
  title: string;
  /** In every language ('' where the operator set no translation). */
  titles: LocalizedText;
  gameId: number;
  minjoinCents: number;
  minbuyCents: number;
  /** Rates of outcomes 0..10 in hundredths. */
  rates: number[];
  minlevel: number;
  refund1314: boolean;
  enabled: boolean;
}

/** Test and e2e runs may shorten every game's rounds from the environment (ROUND_SECONDS, CLOSE_SECONDS). */
export type TimingOverride = Partial<RoundTiming>;

export function gameSettings(row: GameRow, override: TimingOverride = {}): GameSettings {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    minjoinCents: row.minjoin_cents,
    roundSeconds: override.roundSeconds ?? row.round_seconds,
    closeSeconds: override.closeSeconds ?? row.close_seconds,
    enabled: row.enabled === 1,
  };
}

export function roomRates(row: RoomRow): number[] {
  return ratesOf(row);
}

export function roomSettings(row: RoomRow): RoomSettings {
  return {
    id: row.id,
    roomtype: row.roomtype,
    kind: row.kind,
    title: row.title,
    titles: { en: row.title, vi: row.title_vi, 'zh-CN': row.title_zh_cn, 'zh-TW': row.title_zh_tw },
    gameId: row.game_id,
    minjoinCents: row.minjoin_cents,
    minbuyCents: row.minbuy_cents,
    rates: roomRates(row),
    minlevel: row.minlevel,
    refund1314: row.refund1314 === 1,
    enabled: row.enabled === 1,
  };
}

export function roomWire(room: RoomSettings): Room & { enabled: boolean } {
  return {
    id: room.id,
    type: room.roomtype,
    title: room.title,
    titles: room.titles,
    kind: room.kind,
    gameid: room.gameId,
    minjoin: toUsd(room.minjoinCents),
    minbuy: toUsd(room.minbuyCents),
    minlevel: room.minlevel,
    refund1314: room.refund1314,
    enabled: room.enabled,
    ...rateFields(room.rates.map((r) => r / 100)),
  };
}

export interface CatalogSnapshot {
  games: Map<number, GameSettings>;
  rooms: Map<number, RoomSettings>;
  /** Games in id order with their standard room (where a home tile leads). */
  gameList: GameListItem[];
  /** Wire rooms by coin group, in id order. */
  roomsByType: Map<number, Room[]>;
  /** Wire rooms by id (built once per snapshot: every room poll answers one). */
  wireRooms: Map<number, Room>;
}

/** The room a game opens from home (its tiles, the game list): its standard room, else its first. */
export function roomOfGame(gameId: number, rooms: Iterable<RoomSettings>): RoomSettings | undefined {
  const own = [...rooms].filter((room) => room.gameId === gameId);
  return own.find((room) => room.kind === 'standard') ?? own[0];
}

function snapshotOf(gameRows: GameRow[], roomRows: RoomRow[], override: TimingOverride): CatalogSnapshot {
  const games = new Map(gameRows.map((row) => [row.id, gameSettings(row, override)]));
  const rooms = new Map(roomRows.map((row) => [row.id, roomSettings(row)]));
  const gameList: GameListItem[] = [...games.values()].map((game) => {
    return {
      id: game.id,
      type: game.type,
      minjoin: toUsd(game.minjoinCents),
      roomid: roomOfGame(game.id, rooms.values())?.id ?? 0,
      seconds: game.roundSeconds,
      closeSeconds: game.closeSeconds,
      enabled: game.enabled,
    };
  });
  const roomsByType = new Map<number, Room[]>();
  const wireRooms = new Map<number, Room>();
  for (const room of rooms.values()) {
    const wire = roomWire(room);
    wireRooms.set(room.id, wire);
    const list = roomsByType.get(room.roomtype) ?? [];
    list.push(wire);
    roomsByType.set(room.roomtype, list);
  }
  return { games, rooms, gameList, roomsByType, wireRooms };
}

export class CatalogCache {
  private snapshot: CatalogSnapshot | null = null;
  private loadedAt = 0;
  private loading: Promise<CatalogSnapshot> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly override: TimingOverride = {},
    private readonly now: CacheClock = realTime,
  ) {}

  async get(): Promise<CatalogSnapshot> {
    if (this.snapshot && this.now() - this.loadedAt < this.ttlMs) return this.snapshot;
    // One reload at a time: a burst of requests after expiry shares it.
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Read from the database on the next get (after a change made by this process). */
  invalidate(): void {
    this.snapshot = null;
  }

  private async load(): Promise<CatalogSnapshot> {
    const [gameRows, roomRows] = await Promise.all([listGameRows(this.db), listRoomRows(this.db)]);
    this.snapshot = snapshotOf(gameRows, roomRows, this.override);
    this.loadedAt = this.now();
    return this.snapshot;
  }
}
