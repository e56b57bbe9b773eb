/**
 * PostgreSQL: a withdrawal's hold in one round trip (domain/wallet/withdraw.ts, holdOnPostgres).
 * The function does what the hold's transaction does on SQLite, in the same order: the member's
 * row locked (a member's requests take turns, so the daily count cannot be raced past), the
 * turnover still owed since the last deposit (domain/wallet/turnover.ts: the operator's multiple of
 * that deposit, rounded up, less the stakes of settled lines ordered after it), the requests of the
 * server day that were neither rejected nor cancelled, the withdrawal with a copy of its
 * destination (a reused idempotency key fails here with the unique index's 23505, as on SQLite),
 * ONE conditional debit, and its fund-log row.
 *
 * The figures the rules are set with (the multiple, the daily maximum, the day's bounds, the
 * reasons' codes) come from the app as parameters, so they are written once. The withdrawal tests
 * run on both databases, which holds the two paths equal.
 *
 * A refusal is raised with a SQLSTATE of class RP, turned into the SQLite path's refusal by the app.
 * SQLite gets nothing: its holds already cost no round trips.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';

/** SQLSTATEs hold_withdrawal raises (class RP, after cancel_line's). */
export const WithdrawRefusalState = {
  /** Turnover still owed: 1064. */
  turnover: 'RP009',
  /** The day's maximum of requests reached: 1048. */
  dailyMaximum: 'RP010',
  /** More than the balance: 1025. */
  notEnoughMoney: 'RP011',
  /** Frozen meanwhile: 1069. */
  frozen: 'RP012',
} as const;

export function withdrawFunctionMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `
CREATE FUNCTION hold_withdrawal(
  p_member integer, p_card integer, p_card_type text, p_card_bank text, p_card_account text,
  p_card_username text, p_card_branch text, p_card_address text,
  p_amount bigint, p_idem_key text, p_request_hash text, p_now bigint,
  p_day_from bigint, p_day_to bigint, p_max_per_day integer, p_turnover_hundredths integer,
  p_deposit_reason text, p_stake_reason text, p_stake_ref_type text, p_reason text, p_ref_type text
) RETURNS TABLE (withdrawal_id integer, balance_after bigint, fund_row integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_deposit record;
  v_staked bigint;
  v_requests integer;
  v_id integer;
  v_after bigint;
  v_fund integer;
BEGIN
  PERFORM 1 FROM members WHERE id = p_member FOR UPDATE;

  IF p_turnover_hundredths > 0 THEN
    SELECT f.id, f.amount_cents INTO v_deposit FROM fund_log f
    WHERE f.member_id = p_member AND f.reason_code = p_deposit_reason ORDER BY f.id DESC LIMIT 1;
    IF FOUND THEN
      -- Settled lines only: a waiting line may still be cancelled (docs/decisions.md).
      SELECT coalesce(sum(l.stake_cents), 0) INTO v_staked
      FROM fund_log f JOIN order_lines l ON l.member_id = f.member_id AND CAST(l.group_id AS text) = f.ref_id
      WHERE f.member_id = p_member AND f.id > v_deposit.id AND f.reason_code = p_stake_reason
        AND f.ref_type = p_stake_ref_type AND l.status NOT IN ('cancel', 'wait');
      IF ceil(v_deposit.amount_cents::numeric * p_turnover_hundredths / 100) - v_staked > 0 THEN
        RAISE EXCEPTION 'member % owes turnover', p_member USING ERRCODE = '${WithdrawRefusalState.turnover}';
      END IF;
    END IF;
  END IF;

  SELECT count(*) INTO v_requests FROM withdrawals w
  WHERE w.member_id = p_member AND w.created_at >= p_day_from AND w.created_at < p_day_to
    AND w.status NOT IN ('rejected', 'cancelled');
  IF v_requests >= p_max_per_day THEN
    RAISE EXCEPTION 'member % reached the day''s requests', p_member USING ERRCODE = '${WithdrawRefusalState.dailyMaximum}';
  END IF;

  INSERT INTO withdrawals (member_id, card_id, card_type, card_bank, card_account, card_username, card_branch,
    card_address, amount_cents, idem_key, request_hash, created_at, decided_at)
  VALUES (p_member, p_card, p_card_type, p_card_bank, p_card_account, p_card_username, p_card_branch,
    p_card_address, p_amount, p_idem_key, p_request_hash, p_now, NULL)
  RETURNING id INTO v_id;

  UPDATE members SET money_cents = money_cents - p_amount
  WHERE id = p_member AND money_cents - p_amount >= 0 AND frozen = 0
  RETURNING money_cents INTO v_after;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM members WHERE id = p_member AND frozen = 1) THEN
      RAISE EXCEPTION 'member % is frozen', p_member USING ERRCODE = '${WithdrawRefusalState.frozen}';
    END IF;
    RAISE EXCEPTION 'member % is short of money', p_member USING ERRCODE = '${WithdrawRefusalState.notEnoughMoney}';
  END IF;

  INSERT INTO fund_log (member_id, amount_cents, before_cents, after_cents, reason_code, reason_text, ref_type, ref_id, created_at)
  VALUES (p_member, -p_amount, v_after + p_amount, v_after, p_reason, '', p_ref_type, v_id::text, p_now)
  RETURNING id INTO v_fund;

  RETURN QUERY SELECT v_id, v_after, v_fund;
END
$fn$`,
        )
        .execute(db);
    },
  };
}
