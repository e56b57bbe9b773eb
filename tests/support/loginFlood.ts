/**
 * A login flood against the real server process at the production password cost, and what the
 * members who are not attacking see meanwhile: wrong logins from many addresses at once (names
 * nobody has, so every one costs a full password check), while another member's browser asks for
 * its room (getGameinfo with Accept-Encoding: br) and the app's page (GET / with br), and a member
 * logs in with the right password from the address it logged in from before. The server's
 * resident memory is sampled all along. Used by tests/server/login-flood.test.ts (limits) and
 * `npm run bench` (figures).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ApiPath } from '../../src/shared/api/paths';
import type { Db, Dialect } from '../../src/server/db/schema';
import type { Deps } from '../../src/server/domain/deps';
import { gameSettings } from '../../src/server/domain/game/catalog';
import { ChainStore } from '../../src/server/domain/game/chains';
import { fixedDrawSecrets } from '../../src/server/domain/game/drawSecrets';
import { createNextRound, drawRound } from '../../src/server/domain/game/rounds';
import { listGameRows } from '../../src/server/repositories/gameCatalog';
import { roundById } from '../../src/server/repositories/rounds';
import { seedIfEmpty } from '../../src/server/seed';
import { createMember, creditDeposit } from '../../src/server/domain/operator';
import { startServerProcess, type ServerProcess } from './serverProcess';

export interface FloodPlan {
  /** Wrong logins sent at the same moment, each from an address of its own. */
  attackers: number;
  /** How many times the attackers fire, each time from new addresses. */
  waves: number;
  /** Time between waves (a wave does not wait for the answers of the one before). */
  waveGapMs: number;
}

export const FLOOD_200: FloodPlan = { attackers: 200, waves: 1, waveGapMs: 0 };

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers that came while strangers' passwords were being checked (the pool busy, its public lane full). */
  duringChecks: number;
}

export interface FloodFigures {
  /** Answers to the flood by envelope code (HTTP status in brackets when not 200). */
  floodCodes: Record<string, number>;
  /** From the first flood request to its last answer. */
  floodSeconds: number;
  /** Another member's getGameinfo, brotli-compressed, asked for one after another during the flood. */
  otherMember: Latencies;
  /** GET / (the built app's page, its precompressed brotli copy) during the flood. */
  appPage: Latencies;
  /**
   * A right password from the member's usual address, sent once the pool's public lane was full:
   * its answer time, its code, and when it came (epoch ms) beside the last checked stranger's.
   */
  knownLogin: { ms: number; code: number; answeredAt: number };
  /** When the last stranger whose password was checked (1002) had its answer (epoch ms). */
  lastCheckedAt: number | null;
  rssBeforeMiB: number;
  rssMaxMiB: number;
}

export interface FloodTarget {
  /** The database the server will use, to create the members on. */
  db: Db;
  dialect: Dialect;
  /** The server's database variables (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
}

const BYSTANDER = { username: 'watcher01', password: 'watch1234', address: '198.51.100.10' };
const KNOWN = { username: 'regular01', password: 'regular123', address: '198.51.100.20' };

/** A built app of a realistic page size, with the .br and .gz copies the build writes. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flood-dist-'));
  const filler = Array.from({ length: 400 }, (_, i) => `<p data-i="${i}">RoundPlay ${i}</p>`).join('\n');
  const html = `<!doctype html><html lang="vi"><head><title>RoundPlay</title></head><body>${filler}</body></html>`;
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  mkdirSync(join(dir, 'assets'));
  return dir;
}

/**
 * Drawn rounds behind each game's current one, as a server that has run for a while has: a room's
 * answer then carries its latest results and is large enough to travel compressed.
 */
async function drawnHistory(deps: Deps, rounds: number, secret: Buffer): Promise<void> {
  const chains = new ChainStore(deps.db, fixedDrawSecrets([secret]));
  for (const row of await listGameRows(deps.db)) {
    const game = gameSettings(row);
    const start = Date.now() - (rounds + 1) * game.roundSeconds * 1000;
    for (let i = 0; i < rounds; i++) {
      const at = start + i * game.roundSeconds * 1000;
      const id = await createNextRound({ ...deps, clock: () => at }, chains, game);
      const round = id === null ? undefined : await roundById(deps.db, id);
      if (!round) throw new Error(`no round ${i} for game ${game.id}`);
      await drawRound({ ...deps, clock: () => round.draw_at }, chains, round);
    }
  }
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return kib ? Number(kib[1]) / 1024 : 0;
}

interface Sample {
  ms: number;
  /** When the answer came (epoch ms). */
  at: number;
}

function percentiles(samples: Sample[], checksFrom: number, checksTo: number | null): Latencies {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const duringChecks =
    checksTo === null ? 0 : samples.filter((sample) => sample.at > checksFrom && sample.at < checksTo).length;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN, duringChecks };
}

async function post(
  url: string,
  path: string,
  body: Record<string, unknown>,
  address: string,
  encoding = 'identity',
): Promise<{ status: number; code: number; data: unknown; encoding: string | null }> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'accept-encoding': encoding },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  const envelope = (await response.json()) as { code: number; data: unknown };
  return {
    status: response.status,
    code: envelope.code,
    data: envelope.data,
    encoding: response.headers.get('content-encoding'),
  };
}

async function logIn(url: string, who: typeof KNOWN): Promise<string> {
  const answer = await post(url, ApiPath.login, { username: who.username, password: who.password }, who.address);
  if (answer.code !== 1) throw new Error(`${who.username} could not log in before the flood: ${answer.code}`);
  return (answer.data as { token: string }).token;
}

interface SenderReport {
  codes: Record<string, number>;
  seconds: number;
  lastCheckedAt: number | null;
}

/**
 * Starts the attackers' process (floodSender.mjs): `busy` settles (with the time, epoch ms) once a
 * first attacker was refused as busy, so the pool's public lane is full of strangers' checks;
 * `done` with the answers counted by code and when the last checked one came.
 */
function sendFlood(url: string, plan: FloodPlan): { busy: Promise<number>; done: Promise<SenderReport> } {
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./floodSender.mjs', import.meta.url)),
      JSON.stringify({ ...plan, url, path: ApiPath.login }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // The attackers stand for clients on other machines: on this one they must not take the server's
  // cores, or what is measured is the sender's own load (it takes longer to send a wave than the
  // server takes to answer it).
  if (child.pid !== undefined) setPriority(child.pid, 19);
  let output = '';
  let toldBusy: (at: number) => void = () => undefined;
  const busy = new Promise<number>((resolve) => (toldBusy = resolve));
  const done = new Promise<SenderReport>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('{"busy":true}')) toldBusy(Date.now());
    });
    child.once('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{"codes"')) resolve(JSON.parse(last) as SenderReport);
      else reject(new Error(`the flood's sender failed (${code}): ${output}`));
    });
  });
  // A flood that never filled the lane: the sender's end stands in for the moment.
  void done.then(
    () => toldBusy(Date.now()),
    () => toldBusy(Date.now()),
  );
  return { busy, done };
}

/** A probe of an attacker's, from an address the flood does not use. */
const PROBE_ADDRESS = '2001:db8:ffff::1';

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Runs the flood of `plan` against a server started on `target` and measures it; stops the server. */
export async function runLoginFlood(target: FloodTarget, plan: FloodPlan = FLOOD_200): Promise<FloodFigures> {
  const deps = { db: target.db, dialect: target.dialect, clock: Date.now };
  // The catalogue as the server's first start would seed it, with some rounds already drawn.
  await seedIfEmpty(deps);
  // The server process draws the next rounds of the same chains: it is given the same secret.
  const drawSecret = randomBytes(32);
  await drawnHistory(deps, 10, drawSecret);
  await createMember(deps, BYSTANDER);
  // Enough to enter the room whose round it watches.
  await creditDeposit(deps, { username: BYSTANDER.username, cents: 1_000_00, ref: 'flood' });
  await createMember(deps, KNOWN);
  const dist = fakeDist();
  let server: ServerProcess | null = null;
  try {
    // One proxy hop: the test stands where a proxy on this machine would and names each client.
    server = await startServerProcess(
      { seconds: 120, close: 60 },
      {
        ...target.env,
        TRUST_PROXY: '1',
        DIST_DIR: dist,
        LOG_LEVEL: 'error',
        DRAW_SECRET: drawSecret.toString('hex'),
        DRAW_SECRET_FILE: '',
        LEDGER_KEY: randomBytes(32).toString('hex'),
        LEDGER_KEY_FILE: '',
        VAPID_KEY: randomBytes(32).toString('hex'),
        VAPID_KEY_FILE: '',
      },
    );
    const { url } = server;
    const pid = server.child.pid!;
    const token = await logIn(url, BYSTANDER);
    await logIn(url, KNOWN);
    const gameInfo = () => post(url, ApiPath.gameInfo, { token, roomid: 1 }, BYSTANDER.address, 'br');
    const page = () => fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } });
    const warm = await gameInfo();
    if (warm.code !== 1 || warm.encoding !== 'br') {
      throw new Error(`getGameinfo did not answer brotli (${warm.code}, ${warm.encoding})`);
    }
    const warmPage = await page();
    if (warmPage.headers.get('content-encoding') !== 'br') throw new Error('GET / did not answer its brotli copy');
    await warmPage.arrayBuffer();

    const rssBeforeMiB = rssMiB(pid);
    let rssMaxMiB = rssBeforeMiB;
    const sampler = setInterval(() => (rssMaxMiB = Math.max(rssMaxMiB, rssMiB(pid))), 25);

    // A first unknown name, as an attacker's probe would be, so the flood meets a warm server.
    await post(url, ApiPath.login, { username: 'nobody00x', password: 'guess00pw' }, PROBE_ADDRESS);

    let flooding = true;
    /** One request after another while the flood lasts (5 ms apart), as a member's open pages poll. */
    const probe = async (samples: Sample[], request: () => Promise<void>) => {
      while (flooding) {
        const { ms } = await timed(request);
        samples.push({ ms, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const otherMember: Sample[] = [];
    const appPage: Sample[] = [];
    const probes = Promise.all([
      probe(otherMember, async () => {
        const info = await gameInfo();
        if (info.code !== 1) throw new Error(`getGameinfo refused during the flood: ${info.code}`);
      }),
      probe(appPage, async () => {
        await (await page()).arrayBuffer();
      }),
    ]);

    const attackers = sendFlood(url, plan);
    // The member arrives while strangers' checks fill the pool: running, and waiting in line.
    const busyAt = await attackers.busy;
    const known = await timed(() =>
      post(url, ApiPath.login, { username: KNOWN.username, password: KNOWN.password }, KNOWN.address),
    );
    const knownAnsweredAt = Date.now();
    const { codes: floodCodes, seconds: floodSeconds, lastCheckedAt } = await attackers.done;
    flooding = false;
    await probes;
    clearInterval(sampler);
    return {
      floodCodes,
      floodSeconds,
      otherMember: percentiles(otherMember, busyAt, lastCheckedAt),
      appPage: percentiles(appPage, busyAt, lastCheckedAt),
      knownLogin: { ms: known.ms, code: known.value.code, answeredAt: knownAnsweredAt },
      lastCheckedAt,
      rssBeforeMiB,
      rssMaxMiB,
    };
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      if (server.dataDir !== target.env.DATA_DIR) rmSync(server.dataDir, { recursive: true, force: true });
    }
    rmSync(dist, { recursive: true, force: true });
  }
}

export function printFlood(title: string, figures: FloodFigures): void {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const line = (label: string, l: Latencies) =>
    `  ${label.padEnd(34)} p50 ${ms(l.p50).padStart(8)}   p99 ${ms(l.p99).padStart(8)}   max ${ms(l.max).padStart(8)}   (${l.count} requests, ${l.duringChecks} while checks ran)`;
  console.log(`\n${title}`);
  console.log(
    `  flood answered in ${figures.floodSeconds.toFixed(1)} s: ` +
      Object.entries(figures.floodCodes)
        .map(([code, count]) => `${count} x ${code}`)
        .join(', '),
  );
  console.log(line('another member getGameinfo (br)', figures.otherMember));
  console.log(line('GET / (br)', figures.appPage));
  const ahead =
    figures.lastCheckedAt === null
      ? 'no stranger was checked'
      : `${ms(figures.lastCheckedAt - figures.knownLogin.answeredAt)} before the last stranger's check`;
  console.log(
    `  right password from a known address: ${ms(figures.knownLogin.ms)} (code ${figures.knownLogin.code}; ${ahead})`,
  );
  console.log(
    `  server RSS: ${figures.rssBeforeMiB.toFixed(0)} MiB before, ${figures.rssMaxMiB.toFixed(0)} MiB at most`,
  );
}
