/**
 * The build writes the app's stylesheet into index.html (scripts/inlineCss.ts): the link becomes a
 * <style> with the file's exact text, the file leaves the build, and a stylesheet that could close
 * the element early stops the build instead of cutting the page.
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../scripts/inlineCss';

const bundleWith = (files: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(files).map(([fileName, source]) => [fileName, { type: 'asset', fileName, source }]),
  ) as unknown as Rollup.OutputBundle;

describe('inlineStylesheets', () => {
  it("replaces the built page's stylesheet link with its text and names the file it inlined", () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    const { html: out, inlined } = inlineStylesheets(html, bundleWith({ 'assets/index-abc.css': 'body{margin:0}' }));
    expect(out).toBe('<head><style>body{margin:0}</style></head>');
    expect(inlined).toEqual(['assets/index-abc.css']);
  });

  it('leaves a link to a file the build did not write as it is', () => {
    const html = '<link rel="stylesheet" href="/elsewhere.css">';
    expect(inlineStylesheets(html, bundleWith({}))).toEqual({ html, inlined: [] });
  });

  it('refuses a stylesheet holding "</style", which would end the element early', () => {
    const html = '<link rel="stylesheet" href="/assets/a.css">';
    expect(() => inlineStylesheets(html, bundleWith({ 'assets/a.css': 'a{content:"</style>"}' }))).toThrow(/<\/style/);
  });
});
