/**
 * Answers over a small size travel compressed (brotli or gzip, as the client accepts): a fund-log
 * page or an article list shrinks to a fraction on a slow phone network. Smaller answers (most
 * game calls) go as they are: compressing them costs more time than it saves. The built app's
 * files are compressed once at build instead (scripts/precompress.ts, served by static.ts);
 * a response that already has a Content-Encoding is left alone. The live streams (routes/live.ts)
 * are never compressed (`compress: false`, and they write to the socket themselves): a compressor
 * holds small writes back until its buffer fills, so an event would wait instead of leaving.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Bytes below which an answer is sent uncompressed. */
export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Quality 4: most of brotli's gain at a speed close to gzip's (11, the default, is for files made once).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
