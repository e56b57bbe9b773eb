/**
 * Bundle figures: the gzipped size of the entry script (and what index.html preloads with it)
 * and of every lazy chunk, read from the built dist/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkFigure {
  file: string;
  bytes: number;
  gzipBytes: number;
  role: 'entry' | 'preloaded' | 'lazy' | 'css';
}

export function measureBundle(distDir = 'dist'): ChunkFigure[] {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html is missing: run npm run build`);
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = new Set([...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]));
  const preloaded = new Set(
    [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]),
  );
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .map((name) => {
      const file = `assets/${name}`;
      const content = readFileSync(join(assets, name));
      const role: ChunkFigure['role'] = name.endsWith('.css')
        ? 'css'
        : entry.has(file)
          ? 'entry'
          : preloaded.has(file)
            ? 'preloaded'
            : 'lazy';
      return {
        file,
        bytes: statSync(join(assets, name)).size,
        gzipBytes: gzipSync(content, { level: 9 }).length,
        role,
      };
    })
    .sort((a, b) => a.role.localeCompare(b.role) || b.gzipBytes - a.gzipBytes);
}

export function printBundle(figures: ChunkFigure[]): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const initial = figures.filter((f) => f.role === 'entry' || f.role === 'preloaded');
  console.log('\n== Bundle (gzip -9) ==');
  console.log(
    `entry JS (with modulepreloads): ${kb(initial.reduce((s, f) => s + f.gzipBytes, 0))} gzip (goal: at most 100 KiB; a language's catalogues load beside it, linked by the page)`,
  );
  for (const f of figures)
    console.log(
      `  ${f.role.padEnd(9)} ${kb(f.gzipBytes).padStart(10)} gzip ${kb(f.bytes).padStart(10)} raw  ${f.file}`,
    );
  console.log(`lazy chunks: ${figures.filter((f) => f.role === 'lazy').length}`);
}
