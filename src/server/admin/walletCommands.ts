/** Operator commands of the wallet: list, approve (paid) and reject (refunded) withdrawals. */
import { WITHDRAWAL_STATUSES } from '../../shared/api/enums';
import { formatMoney } from '../../shared/money';
import {
  approveWithdrawal,
  destinationDefect,
  isWithdrawalStatus,
  rejectWithdrawal,
  withdrawalsOf,
} from '../domain/wallet/operatorWithdrawals';
import type { WithdrawalListRow } from '../repositories/withdrawals';
import { UsageError, type CommandLine } from './args';
import { databaseCommand, nonePositional, type AdminCommand } from './command';

const time = (ms: number) => new Date(ms).toISOString();

function destination(w: WithdrawalListRow): string {
  if (w.card_type === 'Bank') {
    return `Bank ${w.card_bank} ${w.card_account} (${w.card_username}, branch ${w.card_branch})`;
  }
  return `${w.card_type} ${w.card_address}`;
}

function describe(w: WithdrawalListRow): string {
  const decided = w.decided_at === null ? '' : `, decided ${time(w.decided_at)}`;
  const note = w.note === '' ? '' : `, note "${w.note}"`;
  const defect = w.status === 'pending' && destinationDefect(w) ? ' (address fails its checksum: reject it)' : '';
  return (
    `#${w.id} ${w.status} ${formatMoney(w.amount_cents)} USD, member ${w.username} (#${w.member_id}), ` +
    `to ${destination(w)}${defect}, requested ${time(w.created_at)}${decided}${note}`
  );
}

const NOTE = { note: { type: 'string' } } as const;

function idAndNote(line: CommandLine<typeof NOTE>): { id: number; note: string } {
  if (line.positionals.length !== 1 || !/^\d{1,10}$/.test(line.positionals[0])) {
    throw new UsageError('expected one numeric <id> [--note TEXT]');
  }
  return { id: Number(line.positionals[0]), note: line.values.note ?? '' };
}

export const WALLET_COMMANDS: Record<string, AdminCommand> = {
  'withdraw:list': databaseCommand({
    synopsis: '[--status pending|paid|rejected|cancelled]',
    summary: 'withdrawals, oldest first (all when no --status)',
    options: { status: { type: 'string' } },
    parse(line) {
      nonePositional('withdraw:list', line);
      const status = line.values.status;
      if (status !== undefined && !isWithdrawalStatus(status)) {
        throw new UsageError(`--status takes ${WITHDRAWAL_STATUSES.join(', ')}`);
      }
      return status;
    },
    async run(deps, status, io) {
      const rows = await withdrawalsOf(deps, status);
      for (const row of rows) io.out(describe(row));
      const total = rows.reduce((sum, row) => sum + row.amount_cents, 0);
      const which = status === undefined ? '' : `${status} `;
      io.out(
        rows.length === 0
          ? `No ${which}withdrawals.`
          : `${rows.length} ${which}withdrawal${rows.length === 1 ? '' : 's'}, ${formatMoney(total)} USD in all.`,
      );
    },
  }),
  'withdraw:approve': databaseCommand({
    synopsis: '<id> [--note TEXT]',
    summary: 'mark a pending withdrawal paid (the money was held at request)',
    details: ['  --note TEXT   kept with the withdrawal (at most 500 characters, plain text)'],
    options: NOTE,
    parse: idAndNote,
    async run(deps, { id, note }, io) {
      const w = await approveWithdrawal(deps, id, note);
      io.out(
        `Approved withdrawal #${w.id}: pending -> paid, ${formatMoney(w.amount_cents)} USD to ${w.username} ` +
          `via ${destination(w)}. No balance change (the money was held when it was requested).`,
      );
    },
  }),
  'withdraw:reject': databaseCommand({
    synopsis: '<id> [--note TEXT]',
    summary: 'refuse a pending withdrawal and give the money back',
    details: ['  --note TEXT   shown to the member with the refund (at most 500 characters, plain text)'],
    options: NOTE,
    parse: idAndNote,
    async run(deps, { id, note }, io) {
      const { withdrawal: w, refund } = await rejectWithdrawal(deps, id, note);
      io.out(
        `Rejected withdrawal #${w.id}: pending -> rejected, ${formatMoney(w.amount_cents)} USD given back to ` +
          `${w.username}: balance ${formatMoney(refund.beforeCents)} -> ${formatMoney(refund.afterCents)} USD ` +
          `(fund log #${refund.fundLogId}).`,
      );
    },
  }),
};
