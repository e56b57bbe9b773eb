/** Operator commands of the wallet: list, approve (paid) and reject (refunded) withdrawals. */
import { formatMoney } from '../../shared/money';
import type { Deps } from '../domain/deps';
import {
  approveWithdrawal,
  isWithdrawalStatus,
  rejectWithdrawal,
  WITHDRAWAL_STATUSES,
  withdrawalsOf,
} from '../domain/wallet/operatorWithdrawals';
import type { WithdrawalListRow } from '../repositories/withdrawals';
import { parseArgs, UsageError } from './args';
import type { AdminIo } from './commands';

export const WALLET_USAGE = [
  '  withdraw:list [--status pending|paid|rejected]  withdrawals, oldest first (all when no --status)',
  '  withdraw:approve <id> [--note TEXT]   mark a pending withdrawal paid (the money was held at request)',
  '  withdraw:reject <id> [--note TEXT]    refuse a pending withdrawal and give the money back',
];

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
  return (
    `#${w.id} ${w.status} ${formatMoney(w.amount_cents)} USD, member ${w.username} (#${w.member_id}), ` +
    `to ${destination(w)}, requested ${time(w.created_at)}${decided}${note}`
  );
}

function idAndNote(argv: readonly string[]): { id: number; note: string } {
  const { positionals, options } = parseArgs(argv, ['note']);
  if (positionals.length !== 1 || !/^\d{1,10}$/.test(positionals[0])) {
    throw new UsageError('expected one numeric <id> [--note TEXT]');
  }
  return { id: Number(positionals[0]), note: options.get('note') ?? '' };
}

export const WALLET_COMMANDS: Record<string, (deps: Deps, argv: readonly string[], io: AdminIo) => Promise<void>> = {
  'withdraw:list': async (deps, argv, io) => {
    const { positionals, options } = parseArgs(argv, ['status']);
    if (positionals.length > 0) throw new UsageError('withdraw:list takes no positional arguments');
    const status = options.get('status');
    if (status !== undefined && !isWithdrawalStatus(status)) {
      throw new UsageError(`--status takes ${WITHDRAWAL_STATUSES.join(', ')}`);
    }
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
  'withdraw:approve': async (deps, argv, io) => {
    const { id, note } = idAndNote(argv);
    const w = await approveWithdrawal(deps, id, note);
    io.out(
      `Approved withdrawal #${w.id}: pending -> paid, ${formatMoney(w.amount_cents)} USD to ${w.username} ` +
        `via ${destination(w)}. No balance change (the money was held when it was requested).`,
    );
  },
  'withdraw:reject': async (deps, argv, io) => {
    const { id, note } = idAndNote(argv);
    const { withdrawal: w, refund } = await rejectWithdrawal(deps, id, note);
    io.out(
      `Rejected withdrawal #${w.id}: pending -> rejected, ${formatMoney(w.amount_cents)} USD given back to ` +
        `${w.username}: balance ${formatMoney(refund.beforeCents)} -> ${formatMoney(refund.afterCents)} USD ` +
        `(fund log #${refund.fundLogId}).`,
    );
  },
};
