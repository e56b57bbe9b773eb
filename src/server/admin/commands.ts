/**
 * The operator command line, as a function so tests can call it in-process; cli.ts runs it as a
 * program. It opens the same database as the server (same environment) and migrates it first.
 * Exit codes: 0 done, 1 refused (bad input for the data) or an audit breach, 2 usage error.
 */
import { formatMoney, toCents } from '../../shared/money';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Deps } from '../domain/deps';
import {
  createInvitation,
  createMember,
  creditDeposit,
  OperatorInputError,
  setFrozen,
  setLevel,
} from '../domain/operator';
import { Refused } from '../domain/refused';
import { changeSetting, SETTING_KEYS } from '../domain/settings';
import { loadTranslator, type Translator } from '../i18n';
import { parseArgs, UsageError } from './args';
import { CONTENT_COMMANDS, CONTENT_USAGE } from './contentCommands';
import { AuditBreach, GAME_COMMANDS, GAME_USAGE } from './gameCommands';
import { WALLET_COMMANDS, WALLET_USAGE } from './walletCommands';

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const USAGE = [
  'Usage: npm run admin -- <command>',
  '  member:create <username> <password>   create a member (registration rules apply)',
  '  invite:create [code]                  create an invitation code (random when omitted)',
  '  credit <username> <amount> [--ref TEXT]  deposit USD: balance and a fund-log row',
  "  member:freeze <username>              refuse the member's login and sessions (1069)",
  '  member:unfreeze <username>            lift a freeze',
  '  member:level <username> <1-8>         set the VIP level',
  `  settings:set <key> <value>            change a setting; keys: ${SETTING_KEYS.join(', ')}`,
  '                                        (maxWithdrawalsPerDay 0-1000, turnoverMultiple 0-100, e.g. 1.5)',
  ...WALLET_USAGE,
  ...GAME_USAGE,
  ...CONTENT_USAGE,
].join('\n');

type Command = (deps: Deps, argv: readonly string[], io: AdminIo) => Promise<void>;

function exactly(argv: readonly string[], count: number, names: string): string[] {
  const { positionals } = parseArgs(argv, []);
  if (positionals.length !== count) throw new UsageError(`expected ${names}`);
  return positionals;
}

const COMMANDS: Record<string, Command> = {
  'member:create': async (deps, argv, io) => {
    const [username, password] = exactly(argv, 2, '<username> <password>');
    const member = await createMember(deps, { username, password });
    io.out(`Created member ${member.username} (id ${member.id}), balance 0.00 USD.`);
  },
  'invite:create': async (deps, argv, io) => {
    const { positionals } = parseArgs(argv, []);
    if (positionals.length > 1) throw new UsageError('expected at most one [code]');
    const code = await createInvitation(deps, positionals[0]);
    io.out(`Created invitation code ${code}.`);
  },
  credit: async (deps, argv, io) => {
    const { positionals, options } = parseArgs(argv, ['ref']);
    if (positionals.length !== 2) throw new UsageError('expected <username> <amount> [--ref TEXT]');
    const [username, amount] = positionals;
    const cents = toCents(amount.replace(/,/g, ''));
    if (cents === null || cents <= 0) {
      throw new OperatorInputError(`amount must be a positive USD amount with at most two decimals, got "${amount}"`);
    }
    const ref = options.get('ref') ?? 'cli';
    const done = await creditDeposit(deps, { username, cents, ref });
    io.out(
      `Credited ${formatMoney(cents)} USD to ${done.member.username}: balance ${formatMoney(done.beforeCents)} -> ` +
        `${formatMoney(done.afterCents)} USD (fund log #${done.fundLogId}, ref ${ref}).`,
    );
  },
  'member:freeze': async (deps, argv, io) => {
    const [username] = exactly(argv, 1, '<username>');
    await setFrozen(deps, username, true);
    io.out(`Froze member ${username}: login and sessions are refused (1069).`);
  },
  'member:unfreeze': async (deps, argv, io) => {
    const [username] = exactly(argv, 1, '<username>');
    await setFrozen(deps, username, false);
    io.out(`Unfroze member ${username}.`);
  },
  'member:level': async (deps, argv, io) => {
    const [username, levelText] = exactly(argv, 2, '<username> <1-8>');
    // Anything but digits (1.5, 1e0, -2) is refused by setLevel with the range in its message.
    const changed = await setLevel(deps, username, /^\d+$/.test(levelText) ? Number(levelText) : Number.NaN);
    io.out(`Member ${changed.member.username}: level ${changed.before} -> ${changed.after}.`);
  },
  'settings:set': async (deps, argv, io) => {
    const [key, value] = exactly(argv, 2, '<key> <value>');
    const changed = await changeSetting(deps, key, value);
    io.out(`Setting ${key}: "${changed.before}" -> "${changed.after}".`);
  },
  ...WALLET_COMMANDS,
  ...GAME_COMMANDS,
  ...CONTENT_COMMANDS,
};

function describeRefusal(error: Refused, translator: Translator): string {
  return `Refused: ${translator.text('en', error.messageId, error.values)} (code ${error.code})`;
}

export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    io.err(name === undefined || name === 'help' || name === '--help' ? USAGE : `Unknown command "${name}".\n${USAGE}`);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  const config = loadConfig(io.env);
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db, dialect);
    await command({ db, dialect, clock: systemClock }, rest, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${name}: ${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof Refused) {
      io.err(`${name}: ${describeRefusal(error, await loadTranslator())}`);
      return 1;
    }
    if (error instanceof OperatorInputError || error instanceof AuditBreach) {
      io.err(`${name}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}
