/** Operator commands of the round engine: games, rooms and the ledger audit. */
import { oddsToHundredths, RATE_FIELDS } from '../../shared/game';
import { formatMoney, toCents } from '../../shared/money';
import { runAudit } from '../domain/audit';
import type { Deps } from '../domain/deps';
import type { RoomSettings } from '../domain/game/catalog';
import { changeGame, changeRoom, listGames, listRooms, type RoomChange } from '../domain/game/operatorSettings';
import { parseArgs, UsageError } from './args';
import type { AdminIo } from './commands';

export const GAME_USAGE = [
  '  game:list                             games: round length, close window, trading on/off',
  '  game:set <id> [--seconds N] [--close N] [--enabled on|off]',
  '                                        round length and close window (next rounds), trading switch',
  '  room:list [--type 1|2|3]              rooms: amounts, level, rule-set, rates',
  '  room:set <id> [--minjoin USD] [--minbuy USD] [--rate0 1.96 ... --rate10 96] [--minlevel N]',
  '           [--refund1314 on|off] [--enabled on|off] [--title TEXT]',
  '  audit                                 check the ledger and the draws; exit 1 on any breach',
];

export class AuditBreach extends Error {}

function onOff(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--${name} takes on or off`);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number`);
  return Number(value);
}

function usd(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const cents = toCents(value.replace(/,/g, ''));
  if (cents === null) throw new UsageError(`--${name} takes a USD amount with at most two decimals`);
  return cents;
}

function id(argv: readonly string[], allowed: readonly string[]): { id: number; options: Map<string, string> } {
  const { positionals, options } = parseArgs(argv, allowed);
  if (positionals.length !== 1 || !/^\d+$/.test(positionals[0])) throw new UsageError('expected one numeric <id>');
  return { id: Number(positionals[0]), options };
}

const RATE_OPTIONS: readonly string[] = RATE_FIELDS;

function describeRoom(room: RoomSettings): string {
  const rates = room.rates.map((r) => (r / 100).toFixed(2)).join(' ');
  return (
    `#${room.id} ${room.title} (type ${room.roomtype}, ${room.kind}, game ${room.gameId}): ` +
    `minjoin ${formatMoney(room.minjoinCents)}, minbuy ${formatMoney(room.minbuyCents)}, minlevel ${room.minlevel}, ` +
    `refund1314 ${room.refund1314 ? 'on' : 'off'}, ${room.enabled ? 'trading' : 'STOPPED'}; rates ${rates}`
  );
}

export const GAME_COMMANDS: Record<string, (deps: Deps, argv: readonly string[], io: AdminIo) => Promise<void>> = {
  'game:list': async (deps, argv, io) => {
    parseArgs(argv, []);
    for (const game of await listGames(deps)) {
      io.out(
        `#${game.id} ${game.title} (type ${game.type}): rounds of ${game.roundSeconds} s, ` +
          `orders close ${game.closeSeconds} s before the draw, ${game.enabled ? 'trading' : 'STOPPED'}`,
      );
    }
  },
  'game:set': async (deps, argv, io) => {
    const parsed = id(argv, ['seconds', 'close', 'enabled']);
    const game = await changeGame(deps, parsed.id, {
      roundSeconds: wholeNumber('seconds', parsed.options.get('seconds')),
      closeSeconds: wholeNumber('close', parsed.options.get('close')),
      enabled: onOff('enabled', parsed.options.get('enabled')),
    });
    io.out(
      `Game #${game.id}: rounds of ${game.roundSeconds} s, orders close ${game.closeSeconds} s before the draw, ` +
        `${game.enabled ? 'trading' : 'STOPPED'}. New timings apply from the next round.`,
    );
  },
  'room:list': async (deps, argv, io) => {
    const { positionals, options } = parseArgs(argv, ['type']);
    if (positionals.length > 0) throw new UsageError('room:list takes no positional arguments');
    const type = wholeNumber('type', options.get('type'));
    for (const room of await listRooms(deps))
      if (type === undefined || room.roomtype === type) io.out(describeRoom(room));
  },
  'room:set': async (deps, argv, io) => {
    const parsed = id(argv, ['minjoin', 'minbuy', 'minlevel', 'refund1314', 'enabled', 'title', ...RATE_OPTIONS]);
    const rates = new Map<number, number>();
    RATE_OPTIONS.forEach((name, outcome) => {
      const value = parsed.options.get(name);
      if (value === undefined) return;
      const rate = /^\d+(\.\d{1,2})?$/.test(value) ? oddsToHundredths(Number(value)) : null;
      if (rate === null) throw new UsageError(`--${name} takes odds with at most two decimals, e.g. 1.96`);
      rates.set(outcome, rate);
    });
    const change: RoomChange = {
      title: parsed.options.get('title'),
      minjoinCents: usd('minjoin', parsed.options.get('minjoin')),
      minbuyCents: usd('minbuy', parsed.options.get('minbuy')),
      rates,
      minlevel: wholeNumber('minlevel', parsed.options.get('minlevel')),
      refund1314: onOff('refund1314', parsed.options.get('refund1314')),
      enabled: onOff('enabled', parsed.options.get('enabled')),
    };
    io.out(`Room ${describeRoom(await changeRoom(deps, parsed.id, change))}`);
    io.out('Running servers use the change within a second.');
  },
  audit: async (deps, argv, io) => {
    parseArgs(argv, []);
    const report = await runAudit(deps);
    let breaches = 0;
    for (const check of report.checks) {
      breaches += check.breaches.length;
      io.out(`${check.breaches.length === 0 ? 'ok  ' : 'FAIL'} ${check.name} (${check.checked} checked)`);
      for (const breach of check.breaches.slice(0, 20)) io.out(`       breach: ${breach}`);
      if (check.breaches.length > 20) io.out(`       ... and ${check.breaches.length - 20} more`);
    }
    if (!report.ok) throw new AuditBreach(`audit found ${breaches} breach${breaches === 1 ? '' : 'es'}`);
    io.out('Audit passed: every check holds.');
  },
};
