/**
 * A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside each text file of the
 * build, once everything else (the service worker included) is written. The server sends the copy
 * the browser accepts (@fastify/static preCompressed), so no request pays for compression. A copy
 * that would not be smaller is not written: the server then sends the file itself.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a response fits in one packet anyway. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompressFiles(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotli += Math.min(brotli.length, body.length);
    totals.gzip += Math.min(gzip.length, body.length);
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'roundplay:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      // resolve, not join: an absolute --outDir is taken as it is.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const totals = precompressFiles(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        this.info(
          `precompressed ${totals.files} files: ${kib(totals.bytes)} -> brotli ${kib(totals.brotli)}, gzip ${kib(totals.gzip)}`,
        );
      },
    },
  };
}
