/** Operator commands of content: articles, banners, home's game tiles and the finance tiers, from JSON files. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FinanceProduct } from '../../shared/api/types';
import { formatMoney, toCents } from '../../shared/money';
import {
  importArticles,
  readArticleFile,
  readBannerFile,
  removeArticle,
  replaceBannerSet,
} from '../domain/content/contentAdmin';
import { setFinanceProducts } from '../domain/content/financeProducts';
import { importTileSet } from '../domain/content/homeTiles';
import { listHomeTiles } from '../repositories/content';
import { OperatorInputError } from '../domain/operator';
import { UsageError, type CommandLine, type OptionSpecs } from './args';
import { databaseCommand, type AdminCommand } from './command';

function oneFile(line: CommandLine<OptionSpecs>): string {
  if (line.positionals.length !== 1) throw new UsageError('expected one <file.json>');
  return resolve(line.positionals[0]);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new OperatorInputError(`cannot read ${file} (${reason})`);
  }
}

function readJson(file: string): unknown {
  const text = readText(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new OperatorInputError(
      `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A tile's focus as the operator writes it, after its game: " (big, small)". */
function focusNote(focus: string): string {
  return focus ? ` (${focus.split('.').join(', ')})` : '';
}

function describeTier(p: FinanceProduct): string {
  return `#${p.id} from ${formatMoney(toCents(p.minimum) ?? 0)} USD at ${p.dailyRate.toFixed(2)} %/day for ${p.days} days`;
}

export const CONTENT_COMMANDS: Record<string, AdminCommand> = {
  'article:import': databaseCommand({
    synopsis: '<file.json>',
    summary: 'insert or update articles (one object or a list; see docs/examples/)',
    details: [
      '{"id"?, "category", "title": {"en": ...}, "content"?: {"en": "<p>...</p>" or "@file.html"}, "img"?: [...]}',
    ],
    parse: oneFile,
    async run(deps, file, io) {
      const folder = dirname(file);
      // `"@intro.en.html"` names a file beside the JSON file.
      const articles = readArticleFile(readJson(file), (name) => readText(resolve(folder, name)));
      const done = await importArticles(deps, articles);
      for (const a of done)
        io.out(
          `${a.action === 'inserted' ? 'Inserted' : 'Updated'} article #${a.id} (category ${a.category}): ${a.title}`,
        );
      const inserted = done.filter((a) => a.action === 'inserted').map((a) => a.id);
      const updated = done.filter((a) => a.action === 'updated').map((a) => a.id);
      io.out(
        `Imported ${done.length} article${done.length === 1 ? '' : 's'}: ` +
          `inserted ${inserted.length === 0 ? 'none' : inserted.join(', ')}; ` +
          `updated ${updated.length === 0 ? 'none' : updated.join(', ')}. Running servers show them within seconds.`,
      );
    },
  }),
  'article:delete': databaseCommand({
    synopsis: '<id>',
    summary: 'delete an article',
    parse(line) {
      if (line.positionals.length !== 1 || !/^\d{1,10}$/.test(line.positionals[0]))
        throw new UsageError('expected one numeric <id>');
      return Number(line.positionals[0]);
    },
    async run(deps, id, io) {
      const row = await removeArticle(deps, id);
      const title = row.title_yw || row.title || row.title_ft || row.title_vi;
      io.out(`Deleted article #${row.id} (category ${row.category}): ${title}`);
    },
  }),
  'banner:import': databaseCommand({
    synopsis: '<file.json>',
    summary: 'replace the banners: [{"path", "path_tw", "path_vi", "path_yw", "sort"}]',
    parse: oneFile,
    async run(deps, file, io) {
      const banners = readBannerFile(readJson(file));
      const ids = await replaceBannerSet(deps, banners);
      banners.forEach((b, i) =>
        io.out(`Banner #${ids[i]} (sort ${b.sort}): ${b.path || b.path_yw || b.path_vi || b.path_tw}`),
      );
      io.out(`Replaced the banners: ${ids.length} now. Running servers show them within seconds.`);
    },
  }),
  'tile:list': databaseCommand({
    summary: "home's game tiles: the game each opens, the outcomes it shows first, its names and pictures per language",
    parse(line) {
      if (line.positionals.length > 0) throw new UsageError('tile:list takes no argument');
    },
    async run(deps, _none, io) {
      for (const tile of await listHomeTiles(deps.db)) {
        io.out(
          `#${tile.id} (sort ${tile.sort}) game ${tile.game_id}${focusNote(tile.focus)}: ${tile.title} / ${tile.title_vi || '-'} / ` +
            `${tile.title_zh_cn || '-'} / ${tile.title_zh_tw || '-'}; picture ${tile.img}` +
            [tile.img_vi, tile.img_zh_cn, tile.img_zh_tw]
              .filter(Boolean)
              .map((img) => `, ${img}`)
              .join(''),
        );
      }
    },
  }),
  'tile:import': databaseCommand({
    synopsis: '<file.json>',
    summary:
      'replace home\'s game tiles: [{"game": 15, "focus": ["big", "small"], "name": {"en", "vi", "zh-CN", "zh-TW"}, "img": {the same}, "sort"}]',
    parse: oneFile,
    async run(deps, file, io) {
      const { tiles, ids } = await importTileSet(deps, readJson(file));
      tiles.forEach((tile, i) =>
        io.out(`Tile #${ids[i]} (sort ${tile.sort}): game ${tile.game_id}${focusNote(tile.focus)}, ${tile.title}`),
      );
      io.out(`Replaced home's tiles: ${ids.length} now. Running servers show them within seconds.`);
    },
  }),
  'finance:set': databaseCommand({
    synopsis: '<file.json>',
    summary: 'replace the mining-pool tiers: [{"id", "minimum", "dailyRate", "days"}]',
    parse: oneFile,
    async run(deps, file, io) {
      const { before, after } = await setFinanceProducts(deps, readJson(file));
      io.out(`Finance tiers before: ${before.map(describeTier).join('; ')}`);
      io.out(`Finance tiers now:    ${after.map(describeTier).join('; ')}`);
    },
  }),
};
