/**
 * Home's game tiles (SPEC.md section 2): the operator's names and pictures per language, joined
 * with the game each leads to, so a tile shows the game's round length and minimum and opens its
 * standard room. A tile whose game is gone, or has no room, is left out rather than leading nowhere.
 */
import type { GameListItem, HomeTile } from '../../../shared/api/types';
import { isLocale, LOCALES, type Locale, type LocalizedText } from '../../../shared/locale';
import { isPlainText, isSafePath } from '../../../shared/validation';
import type { HomeTileRow, NewHomeTile } from '../../db/schema';
import { replaceHomeTiles } from '../../repositories/content';
import type { Deps } from '../deps';
import { OperatorInputError } from '../operator';
import { isRecord } from './contentAdmin';

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

export function homeTilesWire(rows: HomeTileRow[], games: GameListItem[]): HomeTile[] {
  const byId = new Map(games.map((game) => [game.id, game]));
  return rows.flatMap((row) => {
    const game = byId.get(row.game_id);
    if (!game || game.roomid === 0) return [];
    return [
      {
        id: row.id,
        gameid: game.id,
        roomid: game.roomid,
        seconds: game.seconds,
        minjoin: game.minjoin,
        enabled: game.enabled ?? true,
        names: byLanguage((locale) => row[`title${SUFFIX[locale]}`]),
        images: byLanguage((locale) => row[`img${SUFFIX[locale]}`]),
      },
    ];
  });
}

const MAX_TILES = 16;
const MAX_NAME = 40;
const MAX_PATH = 500;
const TILE_FIELDS = ['game', 'name', 'img', 'sort'];

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

/**
 * Checks a tile file: a list of {"game": 15, "name": {"en", "vi"?, "zh-CN"?, "zh-TW"?}, "img": {the
 * same}, "sort"?} against the games there are. Nothing is written when any entry is wrong.
 */
export function readTileFile(raw: unknown, gameIds: ReadonlySet<number>): NewHomeTile[] {
  if (!Array.isArray(raw))
    throw new OperatorInputError('expected a JSON list of tiles: [{"game", "name", "img", "sort"}]');
  if (raw.length === 0) throw new OperatorInputError('the list holds no tile');
  if (raw.length > MAX_TILES) throw new OperatorInputError(`at most ${MAX_TILES} tiles`);
  return raw.map((entry, index) => {
    const where = `tile ${index + 1}`;
    if (!isRecord(entry)) throw new OperatorInputError(`${where}: expected an object`);
    const unknown = Object.keys(entry).filter((key) => !TILE_FIELDS.includes(key));
    if (unknown.length > 0)
      throw new OperatorInputError(`${where}: unknown field ${unknown.join(', ')} (fields: ${TILE_FIELDS.join(', ')})`);
    if (typeof entry.game !== 'number' || !gameIds.has(entry.game)) {
      throw new OperatorInputError(`${where}: game must be one of ${[...gameIds].join(', ')}`);
    }
    const names = perLanguage(where, 'name', entry.name, (text) => text.length <= MAX_NAME && isPlainText(text));
    const images = perLanguage(where, 'img', entry.img, (text) => text.length <= MAX_PATH && isSafePath(text));
    const sort = entry.sort ?? index + 1;
    if (typeof sort !== 'number' || !Number.isInteger(sort) || Math.abs(sort) > 1_000_000) {
      throw new OperatorInputError(`${where}: sort must be a whole number`);
    }
    const tile = { game_id: entry.game, sort } as NewHomeTile;
    for (const locale of LOCALES) {
      tile[`title${SUFFIX[locale]}`] = names[locale];
      tile[`img${SUFFIX[locale]}`] = images[locale];
    }
    return tile;
  });
}

/** Replaces the tiles in one transaction; answers the new ids in file order. */
export async function replaceTileSet(deps: Deps, tiles: NewHomeTile[]): Promise<number[]> {
  return deps.db.transaction().execute((trx) => replaceHomeTiles(trx, tiles));
}
