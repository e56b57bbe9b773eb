/**
 * E2E set-up: build the app as `npm start` would serve it, start the real server (a production
 * start: no demo data) on a fresh embedded database in a temp folder, make an invitation code with
 * the admin command as an operator would, and hand the tests the URL, that code and the path of
 * the server's console log (verification codes are printed there: SMS_SENDER=console).
 *
 * A second server with 10 s rounds starts too, and a member plays its first open round at once:
 * by the time the fairness journey runs, a dozen rounds have followed it without any test waiting.
 */
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../scripts/build-app.mjs';
import { staleBuildReason } from '../../scripts/build-state.mjs';
import { adminOn, call, removeServerFiles, startServerProcess, type ServerProcess } from '../support/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    invitationCode: string;
    serverLog: string;
    dataDir: string;
    /** The 10 s round server, its member and the round that member played first. */
    fastBaseUrl: string;
    fastMember: { username: string; password: string };
    fastRoomId: number;
    fastPlayedSeqno: string;
  }
}

/** A member of the fast server places one line in its first round open for long enough. */
async function playFirstRound(server: ServerProcess, roomid: number) {
  const member = { username: 'fairplay1', password: 'play1234' };
  adminOn(server.dataDir, ['member:create', member.username], `${member.password}\n`);
  adminOn(server.dataDir, ['credit', member.username, '500', '--ref', 'e2e fairness']);
  const { token } = await call<{ token: string }>(server.url, '/api/Index/login', member);
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const info = await call<{ game: { seqno: string; closeAt: number }; room: { gameid: number }; serverTime: number }>(
      server.url,
      '/api/Game/getGameinfo',
      { token, roomid },
    );
    if (info.game.closeAt - info.serverTime > 1_500) {
      try {
        await call(server.url, '/api/Game/order', {
          token,
          gameid: info.room.gameid,
          roomid,
          order_info: [[0, 1.95, 20]],
        });
        return { member, seqno: info.game.seqno };
      } catch {
        // The round closed meanwhile: the next one.
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no round of the fast server took an order');
}

export default async function setup(project: TestProject) {
  // The app as `npm run build` makes it, built when dist/ does not hold the current sources (as
  // `npm start` decides): once for both journey projects, however many run.
  if (staleBuildReason() && buildApp() !== 0) throw new Error('vite build failed');
  // Short rounds from the first one on (45 s, orders close 15 s before the draw), so the game
  // journey fits in a test without waiting for an operator change to reach the next round.
  // Every journey logs in from this one address, dozens a minute: asked for as an operator whose
  // members share one address would (LOGIN_LIMIT_PER_MINUTE); guessing stays limited per member.
  const main = await startServerProcess({ seconds: 45, close: 15 }, { LOGIN_LIMIT_PER_MINUTE: '600' });
  const fast = await startServerProcess({ seconds: 10, close: 2 }).catch((error: unknown) => {
    main.child.kill('SIGTERM');
    throw error;
  });
  const stop = async () => {
    main.child.kill('SIGTERM');
    fast.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    removeServerFiles(main);
    removeServerFiles(fast);
  };

  try {
    // A production start: no member, no money, no invitation code until the operator makes one.
    if (!/^Invitation code: \(none active/m.test(main.banner))
      throw new Error(`expected no invitation code:\n${main.banner}`);
    const invitationCode = /invitation code (\S+?)\.?$/im.exec(adminOn(main.dataDir, ['invite:create']))?.[1];
    if (!invitationCode) throw new Error('invite:create printed no code');
    const fastRoomId = 1;
    const played = await playFirstRound(fast, fastRoomId);

    project.provide('baseUrl', main.url);
    project.provide('invitationCode', invitationCode);
    project.provide('serverLog', main.logFile);
    project.provide('dataDir', main.dataDir);
    project.provide('fastBaseUrl', fast.url);
    project.provide('fastMember', played.member);
    project.provide('fastRoomId', fastRoomId);
    project.provide('fastPlayedSeqno', played.seqno);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
