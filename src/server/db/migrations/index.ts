/**
 * Every migration, in order. Names sort lexically, so keep the four-digit prefix. Migrations are
 * code (not files read at run time) so they ship inside the server and work from any cwd.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../schema';
import { initialMigration } from './0001_initial';
import { roundsMigration } from './0002_rounds';
import { walletMigration } from './0003_wallet';
import { winnersMigration } from './0004_winners';
import { guardsMigration } from './0005_guards';
import { homeTilesMigration } from './0006_home_tiles';
import { smsPurposeMigration } from './0007_sms_purpose';
import { chainSecretMigration } from './0008_chain_secret';
import { loginGuardsMigration } from './0009_login_guards';
import { withdrawGuardsMigration } from './0010_withdraw_guards';
import { rateCountersMigration } from './0011_rate_counters';
import { winnersNetMigration } from './0012_winners_net';
import { homeTilesFocusMigration } from './0013_home_tiles_focus';
import { withdrawCancelMigration } from './0014_withdraw_cancel';
import { messageReadsMigration } from './0015_message_reads';
import { playLimitsMigration } from './0016_play_limits';
import { liveEventsMigration } from './0017_live_events';
import { settleIndexMigration } from './0018_settle_index';
import { liveStreamsMigration } from './0019_live_streams';
import { guardScopesMigration } from './0020_guard_scopes';
import { depositIndexMigration } from './0021_deposit_index';
import { orderFunctionMigration } from './0022_order_function';
import { linesFillfactorMigration } from './0023_lines_fillfactor';
import { orderBatchMigration } from './0024_order_batch';
import { cancelFunctionMigration } from './0025_cancel_function';
import { withdrawFunctionMigration } from './0026_withdraw_function';
import { ledgerHeadsMigration } from './0027_ledger_heads';
import { pushSubscriptionsMigration } from './0028_push_subscriptions';

export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_rounds': roundsMigration(dialect),
    '0003_wallet': walletMigration(dialect),
    '0004_winners': winnersMigration(),
    '0005_guards': guardsMigration(),
    '0006_home_tiles': homeTilesMigration(dialect),
    '0007_sms_purpose': smsPurposeMigration(),
    '0008_chain_secret': chainSecretMigration(),
    '0009_login_guards': loginGuardsMigration(),
    '0010_withdraw_guards': withdrawGuardsMigration(),
    '0011_rate_counters': rateCountersMigration(),
    '0012_winners_net': winnersNetMigration(dialect),
    '0013_home_tiles_focus': homeTilesFocusMigration(),
    '0014_withdraw_cancel': withdrawCancelMigration(dialect),
    '0015_message_reads': messageReadsMigration(),
    '0016_play_limits': playLimitsMigration(dialect),
    '0017_live_events': liveEventsMigration(dialect),
    '0018_settle_index': settleIndexMigration(),
    '0019_live_streams': liveStreamsMigration(dialect),
    '0020_guard_scopes': guardScopesMigration(dialect),
    '0021_deposit_index': depositIndexMigration(),
    '0022_order_function': orderFunctionMigration(dialect),
    '0023_lines_fillfactor': linesFillfactorMigration(dialect),
    '0024_order_batch': orderBatchMigration(dialect),
    '0025_cancel_function': cancelFunctionMigration(dialect),
    '0026_withdraw_function': withdrawFunctionMigration(dialect),
    '0027_ledger_heads': ledgerHeadsMigration(),
    '0028_push_subscriptions': pushSubscriptionsMigration(dialect),
  };
}
