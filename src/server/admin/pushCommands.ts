/** The operator's command on members' notifications (issue 47; domain/push), and the commands' notifier. */
import type { ServerConfig } from '../config';
import type { Db } from '../db/schema';
import { ErrorCode } from '../../shared/errors';
import { findMemberByUsername } from '../repositories/members';
import { DrawSecretError, readSecretFile } from '../domain/game/drawSecretFile';
import { PushNotifier } from '../domain/push/notifier';
import { VAPID_KEY_FILE_KIND, vapidKeyOf } from '../domain/push/vapidKey';
import { refused } from '../domain/refused';
import { loadTranslator } from '../i18n';
import { databaseCommand, exactly, type AdminCommand } from './command';

/**
 * The notifications of what a command changes for members (a withdrawal decided): sent from this
 * process, as a server sends those of its own changes; undefined when they are off (no
 * VAPID_SUBJECT) or the server never made its key. A command never makes the key.
 */
export async function commandNotifier(
  config: ServerConfig,
  db: Db,
  warn: (line: string) => void,
): Promise<PushNotifier | undefined> {
  const { key, subject } = config.push;
  if (subject === null) return undefined;
  const held =
    key.kind === 'env' ? [Buffer.from(key.secrets[0], 'hex')] : readSecretFile(key.path, VAPID_KEY_FILE_KIND);
  if (!held) return undefined;
  return new PushNotifier(
    db,
    await loadTranslator(),
    { key: vapidKeyOf(held[0], key.kind === 'env' ? 'VAPID_KEY' : key.path), subject },
    { warn: (object, message) => warn(`${message} ${JSON.stringify(object)}`) },
  );
}

export const PUSH_COMMANDS: Record<string, AdminCommand> = {
  'push:test': databaseCommand({
    synopsis: '<username>',
    summary: "send a test notification to each device of the member's that has notifications on",
    details: [
      'Needs the VAPID key (VAPID_KEY or VAPID_KEY_FILE, made by the server) and VAPID_SUBJECT, as the',
      'server has them. Says how many devices took it; a device its push service says is gone (404, 410)',
      'is removed.',
    ],
    parse: (line) => exactly(line, 1, '<username>')[0],
    async run(deps, username, io, config) {
      const failures: string[] = [];
      const notifier = await commandNotifier(config, deps.db, (line) => failures.push(line));
      if (!notifier) {
        throw new DrawSecretError(
          'notifications are off: set VAPID_SUBJECT, and start the server once so it makes its VAPID key',
        );
      }
      const member = await findMemberByUsername(deps.db, username);
      if (!member) throw refused(ErrorCode.UserNotFound);
      const devices = await notifier.test(member.id);
      await notifier.drained();
      const { delivered, gone } = notifier.counts;
      for (const failure of failures) io.err(failure);
      io.out(
        `${username}: ${devices} device${devices === 1 ? '' : 's'} with notifications on; ` +
          `${delivered} took the test, ${gone} gone (removed), ${failures.length} failed.`,
      );
    },
  }),
};
