import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a first visit to home has to load before it can paint, read from the build the browser
 * tests run against (global-setup builds it): the entry script, what index.html preloads with it,
 * home's own chunk, and everything those import statically. None of it may hold the animation
 * engine, the database library, the address checksums' codecs, the HTTP client or a message compiler (catalogues are compiled at build); the other
 * languages load lazily. Each library is recognised by a string its code keeps after minifying, and
 * each string is checked to be somewhere in the build, so a renamed library cannot pass unseen.
 */
const DIST = 'dist';
const ASSETS = join(DIST, 'assets');

/** A string each kept-out library's built code holds. */
const SIGNATURES = {
  'framer-motion (animation engine)': 'framerAppearId',
  'Dexie (database library)': 'DatabaseClosedError',
  // The address checksums' codecs: only the pages that add or show withdrawal accounts load them.
  '@noble/hashes (Keccak, for EIP-55)': '"rounds" expected integer 1..24',
  '@scure/base (base58check, for TRON)': 'alphabet: single-char ASCII letters only',
  // The HTTP client: a page taken over from its rendered answers calls nothing before it is drawn.
  'ky (HTTP client)': 'Request timed out',
};
/** @messageformat/parser, which Lingui's runtime compiler uses: it must not be in the build at all. */
const MESSAGE_COMPILER = 'Unexpected message end';

const chunks = new Map(
  readdirSync(ASSETS)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, readFileSync(join(ASSETS, name), 'utf8')] as const),
);

/** Chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]);
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name) || !chunks.has(name)) continue;
    seen.add(name);
    queue.push(...staticImports(chunks.get(name)!));
  }
  return seen;
}

/** The entry, what index.html preloads with it, a screen's own chunk (`HomePage`, say), and all they import. */
function firstPaintOf(screen: string): Set<string> {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<script[^>]+src="\/?assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?assets\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const own = [...chunks.keys()].filter((name) => name.startsWith(`${screen}-`));
  expect(named.length, 'index.html names its entry script').toBeGreaterThan(0);
  expect(own, `one chunk for ${screen}`).toHaveLength(1);
  return closure([...named, ...own]);
}

const firstPaintOfHome = () => firstPaintOf('HomePage');

const holding = (needle: string, names: Iterable<string>) =>
  [...names].filter((name) => chunks.get(name)!.includes(needle));

describe("home's first paint, in the build", () => {
  it('reads a closure of chunks through static imports', () => {
    // The overlays' chunk (toasts, dialogs) holds no animation engine itself but imports the chunk
    // that does: the closure must reach it, or the checks below would pass without looking.
    const overlays = firstPaintOf('Overlays');
    const own = [...overlays].filter((name) => name.startsWith('Overlays-'));
    expect(holding(SIGNATURES['framer-motion (animation engine)'], own)).toEqual([]);
    expect(holding(SIGNATURES['framer-motion (animation engine)'], overlays)).not.toEqual([]);
    expect(firstPaintOfHome().size).toBeGreaterThanOrEqual(2);
  });

  for (const [library, signature] of Object.entries(SIGNATURES)) {
    it(`holds no ${library}, which loads later in a chunk of its own`, () => {
      expect(holding(signature, chunks.keys()), `${library} is in the build`).not.toEqual([]);
      expect(holding(signature, firstPaintOfHome())).toEqual([]);
    });
  }

  it('holds no message compiler: the catalogues are compiled at build', () => {
    expect(holding(MESSAGE_COMPILER, chunks.keys())).toEqual([]);
  });

  it('holds no language: each loads in a chunk of its own, which the page the server makes links for preloading', () => {
    // One message in all four languages ("Fund log"): none is on the first paint, each is in one chunk.
    const first = firstPaintOfHome();
    for (const locale of ['vi', 'en', 'zh-CN', 'zh-TW'] as const) {
      const text = catalogueText(locale, 'Fund log');
      expect(holding(text, first), text).toEqual([]);
      expect(holding(text, chunks.keys()), text).toHaveLength(1);
    }
  });
});

describe("the fund log's first paint, in the build", () => {
  it('holds no animation engine: its filter is a sheet, whose code loads when it first opens', () => {
    const names = firstPaintOf('IncomePage');
    expect(names.size).toBeGreaterThan(2);
    expect(holding(SIGNATURES['framer-motion (animation engine)'], names)).toEqual([]);
  });
});

describe("a room's first paint, in the build", () => {
  it('holds no animation engine: its results, live orders and last draw load their motion after it', () => {
    const names = firstPaintOf('ActivityPage');
    expect(names.size).toBeGreaterThan(2);
    expect(holding(SIGNATURES['framer-motion (animation engine)'], names)).toEqual([]);
  });

  it('holds no Dexie: the order history reads the device when its sheet first opens', () => {
    expect(holding(SIGNATURES['Dexie (database library)'], firstPaintOf('ActivityPage'))).toEqual([]);
    expect(holding(SIGNATURES['Dexie (database library)'], firstPaintOf('OrderHistoryList'))).not.toEqual([]);
  });
});

/** A message's translation in a UI catalogue (locales/<locale>.po). */
function catalogueText(locale: string, msgid: string): string {
  const po = readFileSync(`locales/${locale}.po`, 'utf8');
  const match = new RegExp(`^msgid "${msgid}"\\nmsgstr "(.+)"$`, 'm').exec(po);
  if (!match) throw new Error(`"${msgid}" has no translation in locales/${locale}.po`);
  return match[1];
}
