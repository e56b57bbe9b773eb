/** The operator's commands on the signed ledger of the fund log (issue 46; domain/signedLedger). */
import { formatMoney } from '../../shared/money';
import { isoDate } from '../../shared/serverDay';
import { closeLedgerPeriod } from '../domain/signedLedger/close';
import { heldLedgerKeys, rotateLedgerKey } from '../domain/signedLedger/keys';
import { verifyLedger } from '../domain/signedLedger/verify';
import { DrawSecretError } from '../domain/game/drawSecretFile';
import { headsPage } from '../repositories/ledgerHeads';
import { databaseCommand, nonePositional, type AdminCommand } from './command';
import { AuditBreach } from './gameCommands';

const HEADS_SHOWN = 30;

export const LEDGER_COMMANDS: Record<string, AdminCommand> = {
  'ledger:close': databaseCommand({
    summary: 'close the running period of the fund log now: its head is signed, the next period starts here',
    details: [
      'A server day’s end does the same by itself (the server holding the scheduler’s lease).',
      'Needs the ledger key (LEDGER_KEY or LEDGER_KEY_FILE), as the server has it.',
    ],
    parse: (line) => nonePositional('ledger:close', line),
    async run(deps, _none, io, config) {
      const keys = heldLedgerKeys(config.ledgerKey);
      if (!keys) throw new DrawSecretError('the ledger key is not there yet: start the server once, which makes it');
      const { head } = await closeLedgerPeriod(deps, keys);
      io.out(
        `Closed period ${head.seq} (${isoDate(head.day)}): rows ${head.first_row_id}-${head.last_row_id}, ` +
          `${head.row_count} rows, liabilities ${formatMoney(Number(head.liabilities_cents))} USD ` +
          `of ${head.liabilities_count} members; head ${head.head_hash}`,
      );
    },
  }),
  'ledger:heads': databaseCommand({
    summary: `the signed heads of the fund log, newest first (the last ${HEADS_SHOWN})`,
    parse: (line) => nonePositional('ledger:heads', line),
    async run(deps, _none, io) {
      const heads = await headsPage(deps.db, 0, HEADS_SHOWN);
      if (heads.length === 0) io.out('No period of the fund log is closed yet.');
      for (const head of heads) {
        io.out(
          `${head.seq}  ${isoDate(head.day)}  rows ${head.first_row_id}-${head.last_row_id} (${head.row_count})  ` +
            `liabilities ${formatMoney(Number(head.liabilities_cents))} USD  ${head.head_hash}`,
        );
      }
    },
  }),
  'ledger:verify': databaseCommand({
    summary: 'recompute every signed head from the fund log as it is now; exit 1 on any difference',
    parse: (line) => nonePositional('ledger:verify', line),
    async run(deps, _none, io, config) {
      const checks = await verifyLedger(deps.db, heldLedgerKeys(config.ledgerKey));
      let breaches = 0;
      for (const check of checks) {
        breaches += check.breaches.length;
        io.out(`${check.breaches.length === 0 ? 'ok  ' : 'FAIL'} ${check.name} (${check.checked} checked)`);
        for (const breach of check.breaches) io.out(`       breach: ${breach}`);
      }
      if (breaches > 0)
        throw new AuditBreach(
          `the ledger differs from its signed heads in ${breaches} place${breaches === 1 ? '' : 's'}`,
        );
      io.out('Every signed head holds.');
    },
  }),
  'ledger:rotate-key': databaseCommand({
    summary: 'a new ledger key, handed over by the old one, signs the heads from the next on',
    details: [
      'Writes a new key first in LEDGER_KEY_FILE (mode 0600), keeps the old ones below it (their heads’',
      'salts come from them), and registers the new public key with a handover signed by the old key.',
      'Restart the servers to sign with it. Back the file up again, apart from the database backups.',
      'With LEDGER_KEY in the environment it refuses: put a new key first there, the old one after it.',
    ],
    parse: (line) => nonePositional('ledger:rotate-key', line),
    async run(deps, _none, io, config) {
      if (config.ledgerKey.kind !== 'file') {
        throw new DrawSecretError('LEDGER_KEY is set: put a new key first in it, the old one after it, and restart');
      }
      const key = await rotateLedgerKey(deps.db, config.ledgerKey.path, deps.clock());
      io.out(`Wrote a new ledger key to ${config.ledgerKey.path} (key id ${key.keyId}), handed over by the old one.`);
      io.out(`Restart the servers to sign with it, and back up ${config.ledgerKey.path} now.`);
    },
  }),
};
