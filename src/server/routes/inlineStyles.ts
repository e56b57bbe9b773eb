/**
 * The hashes of the <style> elements in the built index.html (scripts/inlineCss.ts writes the app's
 * stylesheet there, so the first paint waits for no other file). The pages' style-src names them
 * and nothing else: no 'unsafe-inline', so a style injected into a page still does not apply.
 * securityHeaders.ts reads them through its short cache, so a page rebuilt under a running server
 * keeps its styles within that time.
 */
import { createHash } from 'node:crypto';

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;

/** CSP source expressions ('sha256-…') of the page's <style> elements, in their order. */
export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}
