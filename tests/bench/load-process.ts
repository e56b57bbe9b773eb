/**
 * One load of the server bench (server.ts), in a process of its own: autocannon for the given
 * connections and seconds, then its result as one line of JSON. A fresh load generator per load:
 * one process that had already driven a thousand-connection load left some connections of the
 * next one unanswered for the whole run (87 to 350 "timeouts" of getGameinfo after the hello-world
 * baseline, 0 with the same server and load from a fresh process).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { bodyMaker, type LoadSpec } from './load-bodies';

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const body = bodyMaker(
  spec.body,
  spec.tokensFile ? (JSON.parse(readFileSync(spec.tokensFile, 'utf8')) as string[]) : [],
);
const tokens = spec.tokensFile ? (JSON.parse(readFileSync(spec.tokensFile, 'utf8')) as string[]) : [];
let next = 0;
const cookie = () => `${spec.sessionCookie}=${tokens[next++ % tokens.length]}`;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  timeout: 10,
  requests: [
    spec.method === 'GET'
      ? {
          method: 'GET',
          path: spec.path,
          headers: spec.headers,
          setupRequest: (request) =>
            spec.sessionCookie ? { ...request, headers: { ...request.headers, cookie: cookie() } } : request,
        }
      : {
          method: 'POST',
          path: spec.path,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: body() }),
        },
  ],
});
process.stdout.write(`${JSON.stringify(result)}\n`);
