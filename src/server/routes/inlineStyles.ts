/**
 * The hashes of the <style> elements in the built index.html (scripts/inlineCss.ts writes the app's
 * stylesheet there, so the first paint waits for no other file). The pages' style-src names them
 * and nothing else: no 'unsafe-inline', so a style injected into a page still does not apply.
 * The page is read again when it changes, so a rebuild under a running server keeps its styles.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;

/** CSP source expressions ('sha256-…') of the page's <style> elements, in their order. */
export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

/** The hashes of distDir's index.html, read again when its modification time changes; none without a built app. */
export function builtStyleHashes(distDir: string | undefined): () => readonly string[] {
  if (distDir === undefined) return () => [];
  const page = join(distDir, 'index.html');
  let seen = Number.NaN;
  let hashes: readonly string[] = [];
  return () => {
    let modified: number;
    try {
      modified = statSync(page).mtimeMs;
    } catch {
      return [];
    }
    if (modified !== seen) {
      hashes = styleHashesOf(readFileSync(page, 'utf8'));
      seen = modified;
    }
    return hashes;
  };
}
