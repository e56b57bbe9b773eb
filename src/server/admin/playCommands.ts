/**
 * Operator commands of responsible play: show a member's limits, their use, the pause and the
 * history; lower a limit at the member's request. There is no command to raise or remove a limit
 * or to lift a cool-off or a self-exclusion: those are the member's alone (docs/decisions.md).
 */
import type { PlayChange, PlayLimit } from '../../shared/api/types';
import { PLAY_LIMIT_KINDS, PLAY_PERIODS } from '../../shared/api/enums';
import { formatMoney, toCents } from '../../shared/money';
import type { PlayLimitKind, PlayPeriod } from '../../shared/play';
import { lowerPlayLimit, playReport } from '../domain/play/operatorPlay';
import { UsageError } from './args';
import { databaseCommand, exactly, type AdminCommand } from './command';

const time = (ms: number) => new Date(ms).toISOString();
const usd = (amount: number) => `${formatMoney(toCents(amount) ?? 0)} USD`;
const limitText = (amount: number) => (amount === 0 ? 'none' : usd(amount));

function describeLimit(limit: PlayLimit): string {
  const name = `${limit.period} ${limit.kind}`.padEnd(14);
  const left = limit.left === null ? '' : `, ${usd(limit.left)} left`;
  const next = limit.next ? `; ${limitText(limit.next.money)} asked for, from ${time(limit.next.at)}` : '';
  return `  ${name}${limitText(limit.money)}: used ${usd(limit.used)}${left} until ${time(limit.resetAt)}${next}`;
}

function describeChange(change: PlayChange): string {
  const head = `  ${time(change.at)} by the ${change.by}:`;
  if (change.what === 'limit') {
    const when = change.effectiveAt === change.at ? 'at once' : `from ${time(change.effectiveAt)}`;
    return `${head} ${change.period} ${change.kind} limit ${limitText(change.from)} -> ${limitText(change.to)}, ${when}`;
  }
  if (change.what === 'pause') {
    const what = change.pause === 'cooloff' ? 'cool-off' : 'self-exclusion';
    return `${head} ${what} of ${change.days} day${change.days === 1 ? '' : 's'}, until ${time(change.until)}`;
  }
  return `${head} reality check ${change.minutes === 0 ? 'off' : `every ${change.minutes} minutes`}`;
}

function oneOf<T extends string>(what: string, value: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`${what} is one of ${choices.join(', ')}`);
  return value as T;
}

export const PLAY_COMMANDS: Record<string, AdminCommand> = {
  'play:show': databaseCommand({
    synopsis: '<username>',
    summary: "a member's play limits, their use, the pause and the changes",
    parse: (line) => exactly(line, 1, '<username>')[0],
    async run(deps, username, io) {
      const { member, play } = await playReport(deps, username);
      io.out(`Member ${member.username} (#${member.id}): play limits (periods in UTC+8, weeks from Monday)`);
      for (const limit of play.limits) io.out(describeLimit(limit));
      io.out(
        play.pause
          ? `Pause: ${play.pause.kind === 'cooloff' ? 'cool-off' : 'self-exclusion'} until ${time(play.pause.until)}: orders refused (3016)`
          : 'Pause: none',
      );
      io.out(`Reality check: ${play.realityCheck === 0 ? 'off' : `every ${play.realityCheck} minutes of play`}`);
      io.out(play.history.length === 0 ? 'Changes: none' : 'Changes, newest first:');
      for (const change of play.history) io.out(describeChange(change));
    },
  }),
  'play:lower': databaseCommand({
    synopsis: '<username> <day|week|month> <stake|loss|deposit> <amount>',
    summary: "lower a member's play limit at their request (never raise or remove one)",
    details: [
      "The lower limit applies at once. Raising or removing a limit is the member's own, in the app, and",
      'applies 24 hours later; a cool-off or self-exclusion cannot be lifted. Both are refused here (exit 1).',
    ],
    parse(line) {
      const [username, period, kind, money] = exactly(
        line,
        4,
        '<username> <day|week|month> <stake|loss|deposit> <amount>',
      );
      return {
        username,
        request: {
          period: oneOf<PlayPeriod>('the period', period, PLAY_PERIODS),
          kind: oneOf<PlayLimitKind>('the kind', kind, PLAY_LIMIT_KINDS),
          money,
        },
      };
    },
    async run(deps, { username, request }, io) {
      const { member, before, limit } = await lowerPlayLimit(deps, username, request);
      io.out(
        `Member ${member.username}: ${limit.period} ${limit.kind} limit ${limitText(before)} -> ${limitText(limit.money)}, ` +
          `at once (used ${usd(limit.used)} this ${limit.period}).`,
      );
    },
  }),
};
