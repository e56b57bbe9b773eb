/**
 * Server-rendered pages under load (`npm run bench`, after the server bench's hello world): the
 * real server with the built app and its renderer, GET of home as a guest's browser asks for it
 * (a page per language is made once a second) and of a room as members ask for theirs (each
 * rendered for its member, from their own answers), beside Fastify's hello world of the same run.
 */
import { resolve } from 'node:path';
import type { Result } from 'autocannon';
import { SESSION_COOKIE } from '../../src/server/routes/sessionCookie';
import { describe, load, ms, startBenchServer, stopProcess } from './harness';

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;

/** What a browser sends with a navigation. */
const NAVIGATION = {
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'accept-encoding': 'br, gzip',
  'accept-language': 'en-US,en;q=0.9',
};

/**
 * Runs the page loads on the database in `dir` (members with sessions, a room 1 with an open round),
 * its members' tokens in `tokensFile`; prints each beside `hello` (hello world at the same connections).
 */
export async function runPageBench(dir: string, tokensFile: string, hello: Result): Promise<void> {
  const { child, url } = await startBenchServer({
    DATA_DIR: dir,
    DIST_DIR: resolve('dist'),
    RENDERER_FILE: resolve('build/ssr/renderPage.js'),
  });
  try {
    const body = { kind: 'fixed', text: '' } as const;
    const guest = { url, connections: CONNECTIONS, path: '/', body, method: 'GET', headers: NAVIGATION } as const;
    const member = { ...guest, path: '/activity/1', tokensFile, sessionCookie: SESSION_COOKIE };
    await load({ ...guest, seconds: WARMUP_SECONDS });
    const home = await load({ ...guest, seconds: SECONDS });
    await load({ ...member, seconds: WARMUP_SECONDS });
    const room = await load({ ...member, seconds: SECONDS });
    const one = await load({ ...member, connections: 1, seconds: 5 });
    console.log(
      `Server-rendered pages (GET as a browser navigates, brotli), ${CONNECTIONS} connections, ${SECONDS} s:`,
    );
    const ratio = (result: Result) => (result.requests.average / hello.requests.average).toFixed(2);
    console.log(`  home, guest (made once a second per language): ${describe(home)}`);
    console.log(`    ratio to hello world ${ratio(home)} — goal >= 0.30, p99 < 50 ms`);
    console.log(
      `  a room, each member's own (rendered per request, its reads answered in the server): ${describe(room)}`,
    );
    console.log(`    ratio to hello world ${ratio(room)}`);
    console.log(`  a room alone (1 connection): p50 ${ms(one.latency.p50)}, p99 ${ms(one.latency.p99)} per page`);
  } finally {
    await stopProcess(child);
  }
}
