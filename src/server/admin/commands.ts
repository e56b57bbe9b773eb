/**
 * The operator command line, as a function so tests can call it in-process; cli.ts runs it as a
 * program. `--help`/`-h` answer before anything else; then the environment is checked and the
 * command line read (node:util parseArgs, strict; a password asked for): usage errors never open a
 * database. Then it opens the same database as the server (same environment), migrates it, and runs
 * the command (backup opens its own connection and migrates nothing). Everything it prints goes through one sink that makes
 * control and bidirectional characters visible (terminalText.ts), one line per call.
 * Exit codes: 0 done, 1 refused (bad input for the data) or an audit breach, 2 usage error.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney, MAX_BALANCE_CENTS, MAX_DEPOSIT_CENTS, toCents } from '../../shared/money';
import { systemClock } from '../clock';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { storedPublisher } from '../domain/live/runtime';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import {
  createInvitation,
  createMember,
  creditDeposit,
  OperatorInputError,
  resetLoginPassword,
  setFrozen,
  setLevel,
  unlockMember,
} from '../domain/operator';
import { Refused } from '../domain/refused';
import { changeSetting, SETTING_KEYS } from '../domain/settings';
import { loadTranslator, type Translator } from '../i18n';
import { asksForHelp, UsageError } from './args';
import { BACKUP_COMMANDS } from './backupCommand';
import { databaseCommand, exactly, type AdminCommand, type CommandIo } from './command';
import { CONTENT_COMMANDS } from './contentCommands';
import { DRAW_SECRET_COMMANDS } from './drawSecretCommands';
import { LEDGER_COMMANDS } from './ledgerCommands';
import { commandNotifier, PUSH_COMMANDS } from './pushCommands';
import { PLAY_COMMANDS } from './playCommands';
import { AuditBreach, GAME_COMMANDS } from './gameCommands';
import { terminalSafe } from './terminalText';
import { WALLET_COMMANDS } from './walletCommands';

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * Reads a password (member:create): cli.ts prompts without echo at a terminal, or reads the
   * first line of standard input. A caller without it cannot run a command that needs one (exit 2).
   */
  readSecret?: (prompt: string, options?: { confirm?: boolean }) => Promise<string>;
}

const PASSWORD_NOT_ON_ARGV =
  'the password is not taken on the command line (shell history and the process list keep it): ' +
  'type it at the prompt, or give it as the first line of standard input, e.g. ' +
  `printf '%s\\n' "$PASSWORD" | npm run admin -- member:create <username>`;

/** `--password x`, `--pwd=x`, `-p x`: refused with the way to give it instead. */
const PASSWORD_OPTION = /^(--?(password|pass|pwd|passwd)(=.*)?|-p)$/i;

const MEMBER_COMMANDS: Record<string, AdminCommand> = {
  'member:create': databaseCommand({
    createsDatabase: true,
    synopsis: '<username>',
    summary: 'create a member (registration rules apply); asks for the password',
    details: [
      'The password is typed at the prompt (twice, nothing shown) or read as the first line of standard input:',
      `  printf '%s\\n' "$PASSWORD" | npm run admin -- member:create <username>`,
      'It is never taken on the command line, where shell history and the process list would keep it.',
    ],
    precheck(argv) {
      if (argv.some((arg) => PASSWORD_OPTION.test(arg))) throw new UsageError(PASSWORD_NOT_ON_ARGV);
    },
    async parse(line, io) {
      if (line.positionals.length === 2) throw new UsageError(PASSWORD_NOT_ON_ARGV);
      const [username] = exactly(line, 1, '<username>');
      const password = await io.readSecret(`Password for ${username}: `, { confirm: true });
      return { username, password };
    },
    async run(deps, input, io) {
      const member = await createMember(deps, input);
      io.out(`Created member ${member.username} (id ${member.id}), balance 0.00 USD.`);
    },
  }),
  'invite:create': databaseCommand({
    createsDatabase: true,
    synopsis: '[code]',
    summary: 'create an invitation code (random when omitted)',
    parse(line) {
      if (line.positionals.length > 1) throw new UsageError('expected at most one [code]');
      return line.positionals[0];
    },
    async run(deps, code, io) {
      io.out(`Created invitation code ${await createInvitation(deps, code)}.`);
    },
  }),
  credit: databaseCommand({
    synopsis: '<username> <amount> [--ref TEXT]',
    summary: 'deposit USD: balance and a fund-log row',
    details: [
      "  --ref TEXT   the deposit's reference, e.g. the bank transfer; the member sees it in the fund log",
      `  At most ${formatMoney(MAX_DEPOSIT_CENTS)} USD at once, and a balance holds at most ` +
        `${formatMoney(MAX_BALANCE_CENTS)} USD: more is refused (1050).`,
    ],
    options: { ref: { type: 'string' } },
    parse(line) {
      const [username, amount] = exactly(line, 2, '<username> <amount> [--ref TEXT]');
      const cents = toCents(amount.replace(/,/g, ''));
      if (cents === null || cents <= 0) {
        throw new OperatorInputError(`amount must be a positive USD amount with at most two decimals, got "${amount}"`);
      }
      return { username, cents, ref: line.values.ref ?? '' };
    },
    async run(deps, deposit, io) {
      const done = await creditDeposit(deps, deposit);
      io.out(
        `Credited ${formatMoney(deposit.cents)} USD to ${done.member.username}: balance ` +
          `${formatMoney(done.beforeCents)} -> ${formatMoney(done.afterCents)} USD ` +
          `(fund log #${done.fundLogId}${deposit.ref === '' ? '' : `, ref ${deposit.ref}`}).`,
      );
    },
  }),
  'member:freeze': databaseCommand({
    synopsis: '<username>',
    summary: "refuse the member's login and sessions (1069)",
    parse: (line) => exactly(line, 1, '<username>')[0],
    async run(deps, username, io) {
      await setFrozen(deps, username, true);
      io.out(`Froze member ${username}: login and sessions are refused (1069).`);
    },
  }),
  'member:unfreeze': databaseCommand({
    synopsis: '<username>',
    summary: 'lift a freeze',
    parse: (line) => exactly(line, 1, '<username>')[0],
    async run(deps, username, io) {
      await setFrozen(deps, username, false);
      io.out(`Unfroze member ${username}.`);
    },
  }),
  'member:password': databaseCommand({
    synopsis: '<username>',
    summary: "set a member's login password (they forgot it); asks for it, ends their sessions",
    details: [
      'For a member who proved to customer service who they are. The new password is typed at the prompt',
      '(twice, nothing shown) or read as the first line of standard input, never taken on the command line.',
      'Every session of the member ends and the lock of wrong tries is lifted; the withdrawal password stays.',
    ],
    precheck(argv) {
      if (argv.some((arg) => PASSWORD_OPTION.test(arg))) throw new UsageError(PASSWORD_NOT_ON_ARGV);
    },
    async parse(line, io) {
      if (line.positionals.length === 2) throw new UsageError(PASSWORD_NOT_ON_ARGV);
      const [username] = exactly(line, 1, '<username>');
      const password = await io.readSecret(`New login password for ${username}: `, { confirm: true });
      return { username, password };
    },
    async run(deps, input, io) {
      const member = await resetLoginPassword(deps, input.username, input.password);
      io.out(`Set a new login password for ${member.username}; their sessions have ended.`);
    },
  }),
  'member:unlock': databaseCommand({
    synopsis: '<username>',
    summary: 'lift the locks of wrong passwords (3001) and the wait on new addresses (3006); forget the wrong tries',
    parse: (line) => exactly(line, 1, '<username>')[0],
    async run(deps, username, io) {
      const locked = await unlockMember(deps, username);
      io.out(
        locked.length === 0
          ? `Member ${username}: nothing was locked; wrong tries forgotten.`
          : `Member ${username}: unlocked the ${locked.map((s) => (s === 'login' ? 'login' : 'withdrawal')).join(' and ')} password.`,
      );
    },
  }),
  'member:level': databaseCommand({
    synopsis: '<username> <1-8>',
    summary: 'set the VIP level',
    parse(line) {
      const [username, levelText] = exactly(line, 2, '<username> <1-8>');
      // Anything but digits (1.5, 1e0, -2) is refused by setLevel with the range in its message.
      return { username, level: /^\d+$/.test(levelText) ? Number(levelText) : Number.NaN };
    },
    async run(deps, { username, level }, io) {
      const changed = await setLevel(deps, username, level);
      io.out(`Member ${changed.member.username}: level ${changed.before} -> ${changed.after}.`);
    },
  }),
  'settings:set': databaseCommand({
    synopsis: '<key> <value>',
    summary: `change a setting; keys: ${SETTING_KEYS.join(', ')}`,
    details: ['maxWithdrawalsPerDay 0-1000, turnoverMultiple 0-100 (e.g. 1.5), agreement 1 (open) or 2 (closed)'],
    parse(line) {
      const [key, value] = exactly(line, 2, '<key> <value>');
      return { key, value };
    },
    async run(deps, { key, value }, io) {
      const changed = await changeSetting(deps, key, value);
      io.out(`Setting ${key}: "${changed.before}" -> "${changed.after}".`);
    },
  }),
};

const COMMANDS: Record<string, AdminCommand> = {
  ...MEMBER_COMMANDS,
  ...WALLET_COMMANDS,
  ...PLAY_COMMANDS,
  ...GAME_COMMANDS,
  ...CONTENT_COMMANDS,
  ...BACKUP_COMMANDS,
  ...DRAW_SECRET_COMMANDS,
  ...LEDGER_COMMANDS,
  ...PUSH_COMMANDS,
};

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

const SUMMARY_COLUMN = 40;
const PROGRAM = 'npm run admin --';

/** `credit <username> <amount> [--ref TEXT]`, continuation lines indented under the first. */
function synopsisLines(name: string, command: AdminCommand): string[] {
  const indent = ' '.repeat(name.length + 1);
  return command.synopsis.map((part, i) => (i === 0 ? `${name} ${part}`.trimEnd() : `${indent}${part}`));
}

/** The tool's usage: every command with its one-line summary. */
export function toolUsage(): string[] {
  const lines = [`Usage: ${PROGRAM} <command> [arguments]`, ''];
  for (const [name, command] of Object.entries(COMMANDS)) {
    const synopsis = synopsisLines(name, command).map((l) => `  ${l}`);
    const last = synopsis[synopsis.length - 1];
    if (last.length < SUMMARY_COLUMN - 1) {
      synopsis[synopsis.length - 1] = `${last.padEnd(SUMMARY_COLUMN)}${command.summary}`;
    } else {
      synopsis.push(`${' '.repeat(SUMMARY_COLUMN)}${command.summary}`);
    }
    lines.push(...synopsis);
  }
  lines.push(
    '',
    `${PROGRAM} <command> --help (or -h) shows one command's usage; nothing is opened or changed.`,
    'A value that starts with "-" goes after "--" (credit alice -- -5) or as --name=VALUE.',
    'Exit codes: 0 done, 1 refused or an audit breach, 2 usage error.',
  );
  return lines;
}

/** One command's usage, for `<command> --help` and after its usage errors. */
export function commandUsage(name: string): string[] {
  const command = COMMANDS[name];
  const [first, ...rest] = synopsisLines(name, command);
  const indent = ' '.repeat(`Usage: ${PROGRAM} `.length);
  return [
    `Usage: ${PROGRAM} ${first}`,
    ...rest.map((l) => `${indent}${l}`),
    `${command.summary[0].toUpperCase()}${command.summary.slice(1)}.`,
    ...command.details,
  ];
}

/**
 * A SQLite database that is not there is refused (exit 1) by every command but those that make a
 * first install's data: opening it would make an empty one, and a mistyped DATA_DIR would answer
 * "No withdrawals." from it. PostgreSQL's database must exist for a connection at all.
 */
function requireExistingDatabase(config: ServerConfig): void {
  if (config.databaseUrl) return;
  const file = join(config.dataDir, 'app.sqlite');
  if (existsSync(file)) return;
  throw new OperatorInputError(
    `there is no database at ${file}: check DATA_DIR (the server's), or make the first one with ` +
      'invite:create or member:create (npm start makes it too)',
  );
}

function describeRefusal(error: Refused, translator: Translator): string {
  return `Refused: ${translator.text('en', error.messageId, error.values)} (code ${error.code})`;
}

const noSecret: NonNullable<AdminIo['readSecret']> = () =>
  Promise.reject(new UsageError('this command needs a password, and nothing here can read one'));

/** The sink: every line printed, and every prompt, with control and bidi characters made visible. */
function safeIo(io: AdminIo): CommandIo {
  const readSecret = io.readSecret ?? noSecret;
  return {
    out: (line) => io.out(terminalSafe(line)),
    err: (line) => io.err(terminalSafe(line)),
    readSecret: (prompt, options) => readSecret(terminalSafe(prompt), options),
  };
}

export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const safe = safeIo(io);
  const [name, ...rest] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = rest[0];
    if (topic !== undefined && Object.hasOwn(COMMANDS, topic)) commandUsage(topic).forEach(safe.out);
    else if (topic === undefined) toolUsage().forEach(safe.out);
    else {
      safe.err(`Unknown command "${topic}".`);
      toolUsage().forEach(safe.err);
      return 2;
    }
    return 0;
  }
  if (name === undefined || !Object.hasOwn(COMMANDS, name)) {
    if (name !== undefined) safe.err(`Unknown command "${name}".`);
    toolUsage().forEach(safe.err);
    return 2;
  }
  if (asksForHelp(rest)) {
    commandUsage(name).forEach(safe.out);
    return 0;
  }
  try {
    // The environment is checked before a password is asked for; neither opens anything.
    const config = loadConfig(io.env);
    const work = await COMMANDS[name].prepare(rest, safe);
    if (work.needs === 'config') {
      await work.run(config);
      return 0;
    }
    if (!work.createsDatabase) requireExistingDatabase(config);
    const { db, dialect } = openDatabase(config);
    try {
      await migrateToLatest(db, dialect);
      const base = { db, dialect, clock: systemClock };
      // What the command changes for members (a decided withdrawal, a deposit) reaches their open streams.
      const live = storedPublisher(base, (error) =>
        safe.err(`could not tell the live streams: ${error instanceof Error ? error.message : String(error)}`),
      );
      // And to the notifications members asked for, sent from here before the command ends.
      const push = await commandNotifier(config, db, safe.err);
      try {
        await work.run({ ...base, live, ...(push ? { push } : {}) }, config);
      } finally {
        await push?.drained();
      }
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      safe.err(`${name}: ${error.message}`);
      commandUsage(name).forEach(safe.err);
      return 2;
    }
    if (error instanceof Refused) {
      safe.err(`${name}: ${describeRefusal(error, await loadTranslator())}`);
      return 1;
    }
    if (error instanceof OperatorInputError || error instanceof AuditBreach) {
      safe.err(`${name}: ${error.message}`);
      return 1;
    }
    if (error instanceof ConfigError) {
      safe.err(error.message);
      return 1;
    }
    throw error;
  }
}
