/** Operator commands of the round engine: games, rooms and the ledger audit. */
import { oddsToHundredths, RATE_FIELDS } from '../../shared/game';
import { formatMoney, toCents } from '../../shared/money';
import { runAudit } from '../domain/audit';
import { heldLedgerKeys } from '../domain/signedLedger/keys';
import type { RoomSettings } from '../domain/game/catalog';
import { changeGame, changeRoom, listGames, listRooms, type RoomChange } from '../domain/game/operatorSettings';
import { UsageError, type CommandLine, type OptionSpecs } from './args';
import { databaseCommand, nonePositional, type AdminCommand } from './command';

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

function numericId(line: CommandLine<OptionSpecs>): number {
  if (line.positionals.length !== 1 || !/^\d+$/.test(line.positionals[0]))
    throw new UsageError('expected one numeric <id>');
  return Number(line.positionals[0]);
}

const ROOM_OPTIONS = {
  minjoin: { type: 'string' as const },
  minbuy: { type: 'string' as const },
  minlevel: { type: 'string' as const },
  refund1314: { type: 'string' as const },
  enabled: { type: 'string' as const },
  title: { type: 'string' as const },
  'title-vi': { type: 'string' as const },
  'title-zh-cn': { type: 'string' as const },
  'title-zh-tw': { type: 'string' as const },
  ...(Object.fromEntries(RATE_FIELDS.map((name) => [name, { type: 'string' }])) as Record<
    (typeof RATE_FIELDS)[number],
    { type: 'string' }
  >),
} satisfies OptionSpecs;

function describeRoom(room: RoomSettings): string {
  const rates = room.rates.map((r) => (r / 100).toFixed(2)).join(' ');
  return (
    `#${room.id} ${room.title} (type ${room.roomtype}, ${room.kind}, game ${room.gameId}): ` +
    `minjoin ${formatMoney(room.minjoinCents)}, minbuy ${formatMoney(room.minbuyCents)}, minlevel ${room.minlevel}, ` +
    `refund1314 ${room.refund1314 ? 'on' : 'off'}, ${room.enabled ? 'trading' : 'STOPPED'}; rates ${rates}; ` +
    `titles vi ${room.titles.vi || '-'}, zh-CN ${room.titles['zh-CN'] || '-'}, zh-TW ${room.titles['zh-TW'] || '-'}`
  );
}

export const GAME_COMMANDS: Record<string, AdminCommand> = {
  'game:list': databaseCommand({
    summary: 'games: round length, close window, trading on/off',
    parse: (line) => nonePositional('game:list', line),
    async run(deps, _none, io) {
      for (const game of await listGames(deps)) {
        io.out(
          `#${game.id} ${game.title} (type ${game.type}): rounds of ${game.roundSeconds} s, ` +
            `orders close ${game.closeSeconds} s before the draw, ${game.enabled ? 'trading' : 'STOPPED'}`,
        );
      }
    },
  }),
  'game:set': databaseCommand({
    synopsis: '<id> [--seconds N] [--close N] [--enabled on|off]',
    summary: 'round length and close window (next rounds), trading switch',
    options: { seconds: { type: 'string' }, close: { type: 'string' }, enabled: { type: 'string' } },
    parse(line) {
      return {
        id: numericId(line),
        change: {
          roundSeconds: wholeNumber('seconds', line.values.seconds),
          closeSeconds: wholeNumber('close', line.values.close),
          enabled: onOff('enabled', line.values.enabled),
        },
      };
    },
    async run(deps, { id, change }, io) {
      const game = await changeGame(deps, id, change);
      io.out(
        `Game #${game.id}: rounds of ${game.roundSeconds} s, orders close ${game.closeSeconds} s before the draw, ` +
          `${game.enabled ? 'trading' : 'STOPPED'}. New timings apply from the next round.`,
      );
    },
  }),
  'room:list': databaseCommand({
    synopsis: '[--type 1|2|3]',
    summary: 'rooms: amounts, level, rule-set, rates',
    options: { type: { type: 'string' } },
    parse(line) {
      nonePositional('room:list', line);
      return wholeNumber('type', line.values.type);
    },
    async run(deps, type, io) {
      for (const room of await listRooms(deps))
        if (type === undefined || room.roomtype === type) io.out(describeRoom(room));
    },
  }),
  'room:set': databaseCommand({
    synopsis: [
      '<id> [--minjoin USD] [--minbuy USD] [--rate0 1.96 ... --rate10 96] [--minlevel N]',
      '[--refund1314 on|off] [--enabled on|off] [--title TEXT]',
      '[--title-vi TEXT] [--title-zh-cn TEXT] [--title-zh-tw TEXT]   (the title in Vietnamese and Chinese; --title is English)',
    ],
    summary: 'change a room: amounts, odds of outcomes 0-10, level, the 13/14 refund rule, trading, titles',
    options: ROOM_OPTIONS,
    parse(line) {
      const id = numericId(line);
      const values = line.values as Record<string, string | undefined>;
      const rates = new Map<number, number>();
      RATE_FIELDS.forEach((name, outcome) => {
        const value = values[name];
        if (value === undefined) return;
        const rate = /^\d+(\.\d{1,2})?$/.test(value) ? oddsToHundredths(Number(value)) : null;
        if (rate === null) throw new UsageError(`--${name} takes odds with at most two decimals, e.g. 1.96`);
        rates.set(outcome, rate);
      });
      const change: RoomChange = {
        title: values.title,
        titleVi: values['title-vi'],
        titleZhCn: values['title-zh-cn'],
        titleZhTw: values['title-zh-tw'],
        minjoinCents: usd('minjoin', values.minjoin),
        minbuyCents: usd('minbuy', values.minbuy),
        rates,
        minlevel: wholeNumber('minlevel', values.minlevel),
        refund1314: onOff('refund1314', values.refund1314),
        enabled: onOff('enabled', values.enabled),
      };
      return { id, change };
    },
    async run(deps, { id, change }, io) {
      io.out(`Room ${describeRoom(await changeRoom(deps, id, change))}`);
      io.out('Running servers use the change within a second.');
    },
  }),
  audit: databaseCommand({
    summary: 'check the ledger, orders, withdrawals and draws; exit 1 on any breach',
    parse: (line) => nonePositional('audit', line),
    async run(deps, _none, io, config) {
      const report = await runAudit(deps, heldLedgerKeys(config.ledgerKey));
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
  }),
};
