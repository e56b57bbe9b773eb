/**
 * Notifications at a draw (issue 47): a round played by 10,000 members, each with a device
 * subscribed to its results, settled on SQLite with the notifier told its news, against the same
 * round settled with notifications off. The draw's own time (settling, its news handed over) must
 * not change; the figure of interest is from the settlement's start to the last push handed to its
 * push service (a local HTTPS stand-in, in this process: its TLS and decryption-free intake share
 * the CPU, so the figure is an upper bound).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Deps } from '../../src/server/domain/deps';
import { drawRound } from '../../src/server/domain/game/rounds';
import { settleRound } from '../../src/server/domain/game/settlement';
import { PushNotifier } from '../../src/server/domain/push/notifier';
import { vapidKeyOf } from '../../src/server/domain/push/vapidKey';
import { loadTranslator } from '../../src/server/i18n';
import { roundById } from '../../src/server/repositories/rounds';
import { startPushService, type PushService } from '../server/support/pushService';
import { n } from './harness';
import { benchChains, createMembers, fillRound, openBenchDatabase } from './server-fixtures';

const MEMBERS = 10_000;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A fresh database of MEMBERS members with one order each in a drawn round, each with a subscribed device. */
async function drawnRound(dir: string, service: PushService, clock: { now: number }) {
  const deps: Deps = await openBenchDatabase(dir, () => clock.now);
  const members = await createMembers(deps, MEMBERS, 1_000_00);
  const roundId = await fillRound(deps, members, MEMBERS, 1);
  const sessions = await deps.db.selectFrom('sessions').select(['token_hash', 'member_id']).execute();
  for (let at = 0; at < sessions.length; at += 1_000) {
    await deps.db
      .insertInto('push_subscriptions')
      .values(
        sessions.slice(at, at + 1_000).map((session) => {
          const device = service.device();
          return {
            member_id: session.member_id,
            session_hash: session.token_hash,
            endpoint: device.endpoint,
            p256dh: device.p256dh,
            auth: device.auth,
            kinds: 'result',
            lang: 'en',
            created_at: clock.now,
          };
        }),
      )
      .execute();
  }
  const round = (await roundById(deps.db, roundId))!;
  clock.now = round.draw_at;
  await drawRound(deps, benchChains(deps.db), round);
  return { deps, round: (await roundById(deps.db, roundId))! };
}

async function figures(service: PushService): Promise<string[]> {
  const translator = await loadTranslator();
  const lines: string[] = [];
  for (const notify of [false, true, false, true]) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
    const clock = { now: Date.now() };
    const { deps, round } = await drawnRound(dir, service, clock);
    try {
      const notifier = new PushNotifier(
        deps.db,
        translator,
        {
          key: vapidKeyOf(randomBytes(32), 'the bench'),
          subject: 'mailto:bench@roundplay.invalid',
          agent: service.agent,
        },
        { warn: (object, message) => console.warn(message, object) },
      );
      const before = service.delivered.length;
      const started = performance.now();
      const report = await settleRound(notify ? { ...deps, push: notifier } : deps, round);
      const drawMs = performance.now() - started;
      await notifier.drained();
      const lastMs = performance.now() - started;
      const delivered = service.delivered.length - before;
      lines.push(
        notify
          ? `Settling ${n(report.lines)} lines of ${n(MEMBERS)} subscribed members, notifications on: ${ms(drawMs)}; ` +
              `the last of ${n(delivered)} pushes handed to its push service ${ms(lastMs)} after the settlement began ` +
              `(${notifier.counts.failed} failed)`
          : `Settling ${n(report.lines)} lines of ${n(MEMBERS)} members, notifications off: ${ms(drawMs)}`,
      );
    } finally {
      await deps.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return lines;
}

export async function runPushBench(): Promise<void> {
  console.log('\n== Notifications at a draw (figures, not pass/fail) ==');
  const service = await startPushService();
  try {
    for (const line of await figures(service)) console.log(`SQLite: ${line}`);
  } finally {
    await service.close();
  }
}
