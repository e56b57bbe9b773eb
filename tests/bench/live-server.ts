/**
 * The server side of the live benches (live.ts, slowReaders.ts): the real app on a fresh SQLite
 * database with short USDT rounds (a draw every 10 s, or LIVE_BENCH_ROUND="seconds/close"), members
 * with sessions, and a line of IPC: tickets on demand, the members' tokens, the hub's counts,
 * memory after a full collection, stop. The stream caps are lifted (every subscriber comes from
 * this machine), or the production ones with LIVE_BENCH_CAPS=production. Run with --expose-gc.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { findSessionMember } from '../../src/server/repositories/sessions';
import { fixedDrawSecrets } from '../../src/server/domain/game/drawSecrets';
import { issueTicket } from '../../src/server/domain/live/tickets';
import { hashToken } from '../../src/server/domain/secrets';
import { updateGameRow } from '../../src/server/repositories/gameCatalog';
import { NoSmsSender } from '../../src/server/sms';
import { createMembers, openBenchDatabase } from './server-fixtures';

type Request =
  | { kind: 'tickets'; count: number }
  | { kind: 'tokens' }
  | { kind: 'stats' }
  | { kind: 'memory' }
  | { kind: 'written' }
  | { kind: 'stop' };

const MEMBERS = 100;
const [roundSeconds, closeSeconds] = (process.env.LIVE_BENCH_ROUND ?? '10/5').split('/').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
const deps = await openBenchDatabase(dir);
await updateGameRow(deps.db, 15, { round_seconds: roundSeconds, close_seconds: closeSeconds });
// Enough for the slow-readers bench: 8 members ordering as fast as they are answered, at the
// room's minimum on two outcomes (40 USD an order), for three minutes.
const members = await createMembers(deps, MEMBERS, 2_000_000_000);
const sessions = await Promise.all(
  members.map(async (member) => {
    const found = await findSessionMember(deps.db, hashToken(member.token));
    if (!found) throw new Error('bench session missing');
    return { member: found.member, tokenHash: hashToken(member.token), expiresAt: found.session.expires_at };
  }),
);
const app = await buildApp({
  db: deps.db,
  dialect: 'sqlite',
  smsSender: new NoSmsSender(),
  drawSecrets: fixedDrawSecrets([randomBytes(32)], 'the bench'),
  // Every subscriber comes from this machine's one address, a hundred streams per member.
  live:
    process.env.LIVE_BENCH_CAPS === 'production' ? {} : { hub: { maxPerAddress: 1_000_000, maxPerMember: 1_000_000 } },
});
await app.listen({ port: 0, host: '127.0.0.1', backlog: 8192 });
// Registered after the streams' own listener, which queues the event on every socket; the sockets
// are written when the queue is uncorked (process.nextTick), so the time is taken at the next
// turn of the event loop, once every socket was handed to the kernel.
const written = new Map<number, number>();
app.liveBus.onEvent((event) => {
  const drawn = /"type":"round\.drawn".*?"round":\{"id":(\d+).*?"drawnAt":(\d+)/.exec(event.payload);
  if (drawn) setImmediate(() => written.set(Number(drawn[1]), Date.now() - Number(drawn[2])));
});
const address = app.server.address();
const send = (message: unknown) => process.send!(message);

process.on('message', (message: Request) => {
  void (async () => {
    if (message.kind === 'tickets') {
      // At once: SQLite's group commit writes them in a few commits.
      const issued = await Promise.all(
        Array.from({ length: message.count }, (_, i) => issueTicket(deps, sessions[i % MEMBERS])),
      );
      send({ kind: 'tickets', tickets: issued.map((t) => t.ticket) });
    } else if (message.kind === 'tokens') {
      send({ kind: 'tokens', tokens: members.map((member) => member.token) });
    } else if (message.kind === 'stats') {
      send({ kind: 'stats', stats: app.liveHub.stats() });
    } else if (message.kind === 'written') {
      send({ kind: 'written', byRound: [...written] });
    } else if (message.kind === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      send({ kind: 'memory', usage: process.memoryUsage() });
    } else {
      await app.close();
      await deps.db.destroy();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  })();
});
send({ kind: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
