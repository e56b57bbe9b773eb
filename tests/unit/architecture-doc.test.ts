/**
 * docs/architecture.md names files and functions as it walks the code (an order's path, where each
 * rule lives, the recipe for a new call). Each name in backticks must still exist: a file named by
 * its path, or its path's end (`data/db.ts`, `chains.ts`), must be in the project; a function, hook,
 * type or constant must be declared in its sources. A rename or a removal that leaves the document
 * behind fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** Every file of the project's own folders (the sources, tests, scripts, docs and catalogues). */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}
const FILES = [
  ...['src', 'tests', 'scripts', 'docs', 'locales'].flatMap(filesUnder),
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name),
];
/** Folders, as `a/b/`: a name ending in a slash names one. */
const FOLDERS = new Set(
  FILES.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ),
);
const SOURCES = FILES.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith('docs/'))
  .map((file) => readFileSync(join(ROOT, file), 'utf8'))
  .join('\n');

const NAMED = [...new Set([...DOC.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]))];
/** A path: has a slash or a file's extension, and no placeholder (`<area>`, `*`). */
const PATHS = NAMED.filter((name) => /\/|\.(tsx?|mjs|js|md|css|po|json)$/.test(name))
  .filter((name) => !/[<*\s]/.test(name) && !name.startsWith('../shared/') && !name.startsWith('?'))
  .map((name) => name.replace(/^\.\//, ''));
/** A code name: an identifier in camelCase or PascalCase (or SCREAMING_CASE), maybe called (`placeOrder(…)`). */
const CODE_NAMES = NAMED.map((name) => /^([A-Za-z_][A-Za-z0-9_]*)(\(.*\))?$/.exec(name)?.[1])
  .filter((name): name is string => name !== undefined)
  .filter((name) => /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z][A-Z0-9_]+_[A-Z0-9_]+$/.test(name));

function exists(path: string): boolean {
  const folder = path.endsWith('/') ? path : `${path}/`;
  const isFolder = [...FOLDERS].some((known) => known === folder || known.endsWith(`/${folder}`));
  return isFolder || (!path.endsWith('/') && FILES.some((file) => file === path || file.endsWith(`/${path}`)));
}

describe('docs/architecture.md', () => {
  it('names files and code to check', () => {
    expect(PATHS.length).toBeGreaterThan(50);
    expect(CODE_NAMES.length).toBeGreaterThan(20);
  });

  it('names only files and folders that exist', () => {
    expect(PATHS.filter((path) => !exists(path))).toEqual([]);
  });

  it('names only functions, hooks, types and constants the sources declare', () => {
    const declared = (name: string) =>
      new RegExp(
        `(function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b|\\b${name}\\s*[:(=]|export\\s*\\{[^}]*\\b${name}\\b`,
      ).test(SOURCES);
    expect(CODE_NAMES.filter((name) => !declared(name))).toEqual([]);
  });
});
