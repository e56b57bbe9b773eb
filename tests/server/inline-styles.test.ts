/**
 * The built page carries the app's stylesheet as a <style> element (scripts/inlineCss.ts). The
 * pages' policy allows exactly that element by its SHA-256 and nothing else inline; when the page
 * is rebuilt under a running server, the policy follows the new page within its cache time.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { styleHashesOf } from '../../src/server/routes/inlineStyles';
import { startServer, type TestServer } from './support/server';

const pageWith = (css: string) => `<!doctype html><html><head><style>${css}</style></head><body></body></html>`;
const sha256Of = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function styleSrc(server: TestServer, path: string): Promise<string[]> {
  const response = await fetch(server.url + path);
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy.split(';').find((part) => part.trim().startsWith('style-src')) ?? '';
  return directive.trim().split(/\s+/).slice(1);
}

let distDir: string;
let server: TestServer;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  writeFileSync(join(distDir, 'index.html'), pageWith('body{background:#0f1420}'));
  // The pages' cache as in production (test servers default to none), aged by the test clock.
  server = await startServer({ distDir, content: { cacheTtlMs: 5_000, winnersTtlMs: 0 } }, { http: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("the page's own styles in its policy", () => {
  it('names each <style> element by its SHA-256, in order, and nothing else', () => {
    const html = `<style>a{color:red}</style><p>x</p><style>\nb{}\n</style>`;
    expect(styleHashesOf(html)).toEqual([sha256Of('a{color:red}'), sha256Of('\nb{}\n')]);
    expect(styleHashesOf('<link rel="stylesheet" href="/x.css">')).toEqual([]);
  });

  it("allows the built page's <style> on the page, its fallback and its files; never 'unsafe-inline'", async () => {
    const expected = ["'self'", sha256Of('body{background:#0f1420}')];
    expect(await styleSrc(server, '/')).toEqual(expected);
    expect(await styleSrc(server, '/my_income')).toEqual(expected);
    expect(await styleSrc(server, '/index.html')).toEqual(expected);
  });

  it('follows a rebuilt page without a restart: the old hash goes, the new one comes', async () => {
    writeFileSync(join(distDir, 'index.html'), pageWith('body{background:#000}'));
    // Not read on every request: seen once the pages' short cache has aged (as the feed setting is).
    expect(await styleSrc(server, '/')).toEqual(["'self'", sha256Of('body{background:#0f1420}')]);
    server.expireCaches();
    expect(await styleSrc(server, '/')).toEqual(["'self'", sha256Of('body{background:#000}')]);
  });

  it("an API answer's policy still allows no style at all", async () => {
    const answer = await server.call(ApiPath.getConfig, {});
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
