/**
 * PostgreSQL: an order in one round trip (domain/game/orders.ts, takeOnPostgres). The function does
 * what the order's transaction does on SQLite, in the same order and with the same statements:
 * the round still open (its row shared-locked, so a draw waits), the order group (a reused
 * idempotency key fails here), ONE conditional debit of the total, the balance ceiling, the
 * member's pause and stake and loss limits (one conditional update of the usage), the fund-log row
 * and the lines. Called as a statement of its own, it commits or rolls back whole.
 *
 * A refusal is raised with a SQLSTATE of class RP and, where the app's refusal names figures, a
 * JSON detail; the app turns it into the same refusal as SQLite's path (orders.ts). The rules'
 * figures (period starts, the ceiling, the reason) come from the app as parameters, so they are
 * written once; a limit in force is read as domain/play/periods.ts limitInForce reads it.
 * The server suites run every order test on both databases, which is what holds the two equal.
 * SQLite gets nothing: its orders already cost no round trips.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';

/** SQLSTATEs the function raises (class RP: not one PostgreSQL uses). */
export const OrderRefusalState = {
  roundClosed: 'RP001',
  notEnoughMoney: 'RP002',
  frozen: 'RP003',
  balanceCeiling: 'RP004',
  paused: 'RP005',
  limit: 'RP006',
} as const;

export function orderFunctionMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `
CREATE FUNCTION place_order(
  p_member integer, p_round integer, p_room integer, p_now bigint,
  p_total bigint, p_best_payout bigint, p_balance_ceiling bigint,
  p_idem_key text, p_request_hash text,
  p_reason text, p_reason_text text,
  p_outcomes integer[], p_rates integer[], p_stakes bigint[], p_refund1314 integer,
  p_day integer, p_week integer, p_month integer, p_no_limit bigint
) RETURNS TABLE (order_group integer, balance_after bigint, fund_row integer, line_ids integer[])
LANGUAGE plpgsql AS $fn$
DECLARE
  v_round record;
  v_group integer;
  v_after bigint;
  v_fund integer;
  v_ids integer[];
  v_state play_state%ROWTYPE;
  v_ds bigint; v_dl bigint; v_ws bigint; v_wl bigint; v_ms bigint; v_ml bigint;
BEGIN
  SELECT status, close_at, voided_at INTO v_round FROM rounds WHERE id = p_round FOR SHARE;
  IF NOT FOUND OR v_round.status = 'drawn' OR p_now >= v_round.close_at OR v_round.voided_at IS NOT NULL THEN
    RAISE EXCEPTION 'round % is not open', p_round USING ERRCODE = '${OrderRefusalState.roundClosed}';
  END IF;

  INSERT INTO order_groups (member_id, round_id, room_id, total_cents, idem_key, request_hash, created_at)
  VALUES (p_member, p_round, p_room, p_total, p_idem_key, p_request_hash, p_now)
  RETURNING id INTO v_group;

  UPDATE members SET money_cents = money_cents - p_total
  WHERE id = p_member AND money_cents - p_total >= 0 AND frozen = 0
  RETURNING money_cents INTO v_after;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM members WHERE id = p_member AND frozen = 1) THEN
      RAISE EXCEPTION 'member % is frozen', p_member USING ERRCODE = '${OrderRefusalState.frozen}';
    END IF;
    RAISE EXCEPTION 'member % is short of money', p_member USING ERRCODE = '${OrderRefusalState.notEnoughMoney}';
  END IF;
  IF v_after + p_best_payout > p_balance_ceiling THEN
    RAISE EXCEPTION 'order past the balance ceiling' USING ERRCODE = '${OrderRefusalState.balanceCeiling}';
  END IF;

  -- The member's pause and limits, after the debit, which holds the member's row (orderCheck.ts).
  SELECT * INTO v_state FROM play_state WHERE member_id = p_member;
  IF FOUND THEN
    IF v_state.paused_until > p_now AND v_state.pause_kind <> '' THEN
      RAISE EXCEPTION 'member % is paused', p_member USING ERRCODE = '${OrderRefusalState.paused}',
        DETAIL = json_build_object('pause', v_state.pause_kind, 'until', v_state.paused_until)::text;
    END IF;
    SELECT
      max(in_force) FILTER (WHERE period = 'day' AND kind = 'stake'),
      max(in_force) FILTER (WHERE period = 'day' AND kind = 'loss'),
      max(in_force) FILTER (WHERE period = 'week' AND kind = 'stake'),
      max(in_force) FILTER (WHERE period = 'week' AND kind = 'loss'),
      max(in_force) FILTER (WHERE period = 'month' AND kind = 'stake'),
      max(in_force) FILTER (WHERE period = 'month' AND kind = 'loss')
    INTO v_ds, v_dl, v_ws, v_wl, v_ms, v_ml
    FROM (
      SELECT period, kind,
        CASE WHEN next_at IS NOT NULL AND next_cents IS NOT NULL AND next_at <= p_now THEN next_cents
             ELSE coalesce(limit_cents, 0) END AS in_force
      FROM play_limits WHERE member_id = p_member AND kind IN ('stake', 'loss')
    ) AS limits
    WHERE in_force > 0;
    IF coalesce(v_ds, v_dl, v_ws, v_wl, v_ms, v_ml) IS NOT NULL THEN
      v_ds := coalesce(v_ds, p_no_limit); v_dl := coalesce(v_dl, p_no_limit);
      v_ws := coalesce(v_ws, p_no_limit); v_wl := coalesce(v_wl, p_no_limit);
      v_ms := coalesce(v_ms, p_no_limit); v_ml := coalesce(v_ml, p_no_limit);
      UPDATE play_state SET
        day_stake = (CASE WHEN day_start = p_day THEN day_stake ELSE 0 END) + p_total,
        day_loss = (CASE WHEN day_start = p_day THEN day_loss ELSE 0 END) + p_total,
        day_start = p_day,
        week_stake = (CASE WHEN week_start = p_week THEN week_stake ELSE 0 END) + p_total,
        week_loss = (CASE WHEN week_start = p_week THEN week_loss ELSE 0 END) + p_total,
        week_start = p_week,
        month_stake = (CASE WHEN month_start = p_month THEN month_stake ELSE 0 END) + p_total,
        month_loss = (CASE WHEN month_start = p_month THEN month_loss ELSE 0 END) + p_total,
        month_start = p_month
      WHERE member_id = p_member
        AND (CASE WHEN day_start = p_day THEN day_stake ELSE 0 END) + p_total <= v_ds
        AND (CASE WHEN day_start = p_day THEN day_loss ELSE 0 END) + p_total <= v_dl
        AND (CASE WHEN week_start = p_week THEN week_stake ELSE 0 END) + p_total <= v_ws
        AND (CASE WHEN week_start = p_week THEN week_loss ELSE 0 END) + p_total <= v_wl
        AND (CASE WHEN month_start = p_month THEN month_stake ELSE 0 END) + p_total <= v_ms
        AND (CASE WHEN month_start = p_month THEN month_loss ELSE 0 END) + p_total <= v_ml;
      IF NOT FOUND THEN
        SELECT * INTO v_state FROM play_state WHERE member_id = p_member;
        RAISE EXCEPTION 'member % would pass a limit', p_member USING ERRCODE = '${OrderRefusalState.limit}',
          DETAIL = json_build_object(
            'limits', json_build_object(
              'day', json_build_object('stake', v_ds, 'loss', v_dl),
              'week', json_build_object('stake', v_ws, 'loss', v_wl),
              'month', json_build_object('stake', v_ms, 'loss', v_ml)),
            'state', row_to_json(v_state))::text;
      END IF;
    END IF;
  END IF;

  INSERT INTO fund_log (member_id, amount_cents, before_cents, after_cents, reason_code, reason_text, ref_type, ref_id, created_at)
  VALUES (p_member, -p_total, v_after + p_total, v_after, p_reason, p_reason_text, 'order', v_group::text, p_now)
  RETURNING id INTO v_fund;

  WITH inserted AS (
    INSERT INTO order_lines (group_id, member_id, round_id, room_id, outcome, rate, stake_cents, refund1314, created_at)
    SELECT v_group, p_member, p_round, p_room, line.outcome, line.rate, line.stake, p_refund1314, p_now
    FROM unnest(p_outcomes, p_rates, p_stakes) WITH ORDINALITY AS line(outcome, rate, stake, n)
    ORDER BY line.n
    RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO v_ids FROM inserted;

  RETURN QUERY SELECT v_group, v_after, v_fund, v_ids;
END
$fn$`,
        )
        .execute(db);
    },
  };
}
