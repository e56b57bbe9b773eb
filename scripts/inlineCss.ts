/**
 * A Vite plugin that writes the app's stylesheet into index.html as a <style> element instead of
 * linking it. A linked stylesheet blocks the first paint until it arrives: on a phone that is one
 * more round trip before the app mark shows, and the browser holds it on one of its six connections
 * while the scripts wait. The build has a single stylesheet (build.cssCodeSplit off), so no screen
 * asks for styles of its own later either. The server allows exactly these <style> elements by
 * their hashes (src/server/routes/inlineStyles.ts); its policy has no 'unsafe-inline'.
 */
import type { Plugin, Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;
type OutputBundle = Rollup.OutputBundle;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)"\s*\/?>/g;

export function inlineStylesheets(html: string, bundle: OutputBundle): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const out = html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') return link;
    inlined.push(fileName);
    // "</style" cannot occur in minified CSS outside a string; refuse rather than cut the page.
    const css = String(asset.source);
    if (/<\/style/i.test(css)) throw new Error(`${fileName} contains "</style", it cannot be inlined`);
    return `<style>${css}</style>`;
  });
  return { html: out, inlined };
}

export function inlineCss(): Plugin {
  return {
    name: 'roundplay:inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'] as OutputAsset | undefined;
      if (!page) return;
      const { html, inlined } = inlineStylesheets(String(page.source), bundle);
      page.source = html;
      // Nothing else links them: the page carries them now.
      for (const fileName of inlined) delete bundle[fileName];
    },
  };
}
