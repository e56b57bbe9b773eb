/**
 * Home's game tiles (SPEC.md section 2): the operator's names and pictures per language, joined
 * with the game each leads to, so a tile shows the game's round length and minimum and opens its
 * room (the game's standard room) with the outcomes the tile is about first. An import refuses a
 * tile that would lead nowhere: a game or room that does not exist or is switched off. A tile
 * whose game or room goes away later is left out rather than leading nowhere.
 */
import type { HomeTile } from '../../../shared/api/types';
import { focusOf, focusText, outcomeOfKey, OUTCOME_KEYS } from '../../../shared/game';
import { isLocale, LOCALES, type Locale, type LocalizedText } from '../../../shared/locale';
import { toUsd } from '../../../shared/money';
import { isPlainText, isSafePath } from '../../../shared/validation';
import type { Db, HomeTileRow, NewHomeTile } from '../../db/schema';
import { listGameRows, listRoomRows } from '../../repositories/gameCatalog';
import { replaceHomeTiles } from '../../repositories/content';
import type { Deps } from '../deps';
import { gameSettings, roomOfGame, roomSettings, type GameSettings, type RoomSettings } from '../game/catalog';
import { OperatorInputError } from '../operator';
import { isRecord } from './contentAdmin';

/** The games and rooms a tile may lead to. */
export interface TileTargets {
  games: ReadonlyMap<number, GameSettings>;
  rooms: ReadonlyMap<number, RoomSettings>;
}

/** Column suffix of each language ('' = English, the fallback). */
const SUFFIX: Record<Locale, '' | '_vi' | '_zh_cn' | '_zh_tw'> = {
  en: '',
  vi: '_vi',
  'zh-CN': '_zh_cn',
  'zh-TW': '_zh_tw',
};

function byLanguage(pick: (locale: Locale) => string): LocalizedText {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pick(locale)])) as LocalizedText;
}

export function homeTilesWire(rows: HomeTileRow[], targets: TileTargets): HomeTile[] {
  return rows.flatMap((row) => {
    const game = targets.games.get(row.game_id);
    const room = game && roomOfGame(game.id, targets.rooms.values());
    if (!game || !room) return [];
    return [
      {
        id: row.id,
        gameid: game.id,
        roomid: room.id,
        seconds: game.roundSeconds,
        minjoin: toUsd(game.minjoinCents),
        enabled: game.enabled && room.enabled,
        focus: focusOf(row.focus),
        names: byLanguage((locale) => row[`title${SUFFIX[locale]}`]),
        images: byLanguage((locale) => row[`img${SUFFIX[locale]}`]),
      },
    ];
  });
}

const MAX_TILES = 16;
const MAX_NAME = 40;
const MAX_PATH = 500;
const TILE_FIELDS = ['game', 'focus', 'name', 'img', 'sort'];

function perLanguage(where: string, field: string, raw: unknown, check: (text: string) => boolean): LocalizedText {
  if (!isRecord(raw))
    throw new OperatorInputError(`${where}: ${field} must be an object by language: {"en", "vi", "zh-CN", "zh-TW"}`);
  const unknown = Object.keys(raw).filter((key) => !isLocale(key));
  if (unknown.length > 0) throw new OperatorInputError(`${where}: ${field} has no language ${unknown.join(', ')}`);
  const text = {} as LocalizedText;
  for (const locale of LOCALES) {
    const value = raw[locale] ?? '';
    if (typeof value !== 'string' || (value !== '' && !check(value.trim()))) {
      throw new OperatorInputError(`${where}: ${field}.${locale} ${JSON.stringify(value)} is not usable`);
    }
    text[locale] = value.trim();
  }
  if (text.en === '')
    throw new OperatorInputError(`${where}: ${field}.en is needed (the other languages fall back to it)`);
  return text;
}

/** Where a tile leads: its game's room, both there and switched on; otherwise why not. */
function tileRoom(where: string, raw: unknown, targets: TileTargets): { game: GameSettings; room: RoomSettings } {
  const game = typeof raw === 'number' ? targets.games.get(raw) : undefined;
  if (!game) {
    throw new OperatorInputError(`${where}: game must be one of ${[...targets.games.keys()].join(', ')}`);
  }
  if (!game.enabled) throw new OperatorInputError(`${where}: game ${game.id} is switched off (game:set --enabled on)`);
  const room = roomOfGame(game.id, targets.rooms.values());
  if (!room) throw new OperatorInputError(`${where}: game ${game.id} has no room to open`);
  if (!room.enabled) {
    throw new OperatorInputError(`${where}: room ${room.id} (${room.title}) is switched off (room:set --enabled on)`);
  }
  return { game, room };
}

/** The outcomes a tile is about: a list of outcome keys, some but not all of them ([] or absent: none). */
function tileFocus(where: string, raw: unknown): string {
  if (raw === undefined) return '';
  const keys = OUTCOME_KEYS.join(', ');
  if (!Array.isArray(raw)) throw new OperatorInputError(`${where}: focus must be a list of outcomes (${keys})`);
  const values = raw.map((key) => (typeof key === 'string' ? outcomeOfKey(key) : -1));
  const wrong = raw.filter((_, i) => values[i] < 0);
  if (wrong.length > 0) {
    throw new OperatorInputError(`${where}: focus names no outcome ${JSON.stringify(wrong)} (outcomes: ${keys})`);
  }
  if (new Set(values).size !== values.length) throw new OperatorInputError(`${where}: focus names an outcome twice`);
  if (values.length === OUTCOME_KEYS.length) {
    throw new OperatorInputError(`${where}: focus names every outcome; leave it out for a room without a focus`);
  }
  return focusText(values);
}

/**
 * Checks a tile file: a list of {"game": 15, "focus"?: ["big", "small"], "name": {"en", "vi"?,
 * "zh-CN"?, "zh-TW"?}, "img": {the same}, "sort"?} against the games and rooms there are. Each tile
 * leads to a room that is there and switched on, and two tiles that lead to the same room differ
 * in their focus (otherwise they are one tile twice). Nothing is written when any entry is wrong.
 */
export function readTileFile(raw: unknown, targets: TileTargets): NewHomeTile[] {
  if (!Array.isArray(raw))
    throw new OperatorInputError('expected a JSON list of tiles: [{"game", "focus", "name", "img", "sort"}]');
  if (raw.length === 0) throw new OperatorInputError('the list holds no tile');
  if (raw.length > MAX_TILES) throw new OperatorInputError(`at most ${MAX_TILES} tiles`);
  const opened = new Map<string, number>();
  return raw.map((entry, index) => {
    const where = `tile ${index + 1}`;
    if (!isRecord(entry)) throw new OperatorInputError(`${where}: expected an object`);
    const unknown = Object.keys(entry).filter((key) => !TILE_FIELDS.includes(key));
    if (unknown.length > 0)
      throw new OperatorInputError(`${where}: unknown field ${unknown.join(', ')} (fields: ${TILE_FIELDS.join(', ')})`);
    const { game, room } = tileRoom(where, entry.game, targets);
    const focus = tileFocus(where, entry.focus);
    const target = `${room.id} ${focus}`;
    const twin = opened.get(target);
    if (twin !== undefined) {
      throw new OperatorInputError(
        `${where}: opens room ${room.id} (${room.title}) with the same focus as tile ${twin}; ` +
          'make them one tile, or give each the outcomes it is about ("focus")',
      );
    }
    opened.set(target, index + 1);
    const names = perLanguage(where, 'name', entry.name, (text) => text.length <= MAX_NAME && isPlainText(text));
    const images = perLanguage(where, 'img', entry.img, (text) => text.length <= MAX_PATH && isSafePath(text));
    const sort = entry.sort ?? index + 1;
    if (typeof sort !== 'number' || !Number.isInteger(sort) || Math.abs(sort) > 1_000_000) {
      throw new OperatorInputError(`${where}: sort must be a whole number`);
    }
    const tile = { game_id: game.id, sort, focus } as NewHomeTile;
    for (const locale of LOCALES) {
      tile[`title${SUFFIX[locale]}`] = names[locale];
      tile[`img${SUFFIX[locale]}`] = images[locale];
    }
    return tile;
  });
}

/** The games and rooms as they are now, for checking tiles against. */
export async function tileTargets(db: Db): Promise<TileTargets> {
  const [games, rooms] = await Promise.all([listGameRows(db), listRoomRows(db)]);
  return {
    games: new Map(games.map((row) => [row.id, gameSettings(row)])),
    rooms: new Map(rooms.map((row) => [row.id, roomSettings(row)])),
  };
}

/**
 * Checks a tile file against the games and rooms inside the transaction that replaces the tiles,
 * so a room switched off meanwhile cannot slip in. Answers the tiles and their new ids in file order.
 */
export async function importTileSet(deps: Deps, raw: unknown): Promise<{ tiles: NewHomeTile[]; ids: number[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const tiles = readTileFile(raw, await tileTargets(trx));
    return { tiles, ids: await replaceHomeTiles(trx, tiles) };
  });
}
