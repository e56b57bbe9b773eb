/**
 * PostgreSQL: a cancel in one round trip (domain/game/cancel.ts, cancelOnPostgres). The function
 * does what the cancel's transaction does on SQLite, in the same order: the member's own waiting
 * line locked, its round still open (shared-locked, so a draw waits), the line marked cancelled by
 * a guarded update, the stake credited back by the conditional update every balance change uses,
 * the fund-log row, and the stake given back to the member's usage in the periods it was placed in.
 *
 * Those periods are the placement's, which only the database knows before the call:
 * `play_period_starts` counts them as shared/play.ts periodAt does (the server day is UTC+8, weeks
 * start on Monday, months on their first day). Its offset and day length come from
 * shared/serverDay.ts; tests/server/pg/period-starts.test.ts holds the rule equal to periodAt's for
 * many instants (day, week, month and year edges, leap days). The cancel tests run on both
 * databases, which holds the rest equal.
 *
 * A refusal is raised with a SQLSTATE of class RP, turned into the SQLite path's refusal by the app.
 * SQLite gets nothing: its cancels already cost no round trips.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { DAY_MS, SERVER_DAY_OFFSET_MS } from '../../../shared/serverDay';
import type { Dialect } from '../schema';

/** SQLSTATEs cancel_line raises (class RP, after place_order's). */
export const CancelRefusalState = {
  /** Not the member's waiting line in that room (or it changed under the call): 2003. */
  failed: 'RP007',
  /** The round is no longer open: 2003 with the "stopped" text. */
  stopped: 'RP008',
} as const;

export function cancelFunctionMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `
CREATE FUNCTION play_period_starts(p_at bigint, OUT day_start integer, OUT week_start integer, OUT month_start integer)
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT d, d - (((d + 3) % 7) + 7) % 7, d - extract(day FROM date '1970-01-01' + d)::integer + 1
  FROM (SELECT floor((p_at + ${SERVER_DAY_OFFSET_MS})::numeric / ${DAY_MS})::integer AS d) AS day
$fn$;

CREATE FUNCTION cancel_line(
  p_member integer, p_line integer, p_room integer, p_now bigint, p_reason text, p_reason_text text
) RETURNS TABLE (line_round integer, refund_cents bigint, balance_after bigint, fund_row integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_line record;
  v_round record;
  v_after bigint;
  v_fund integer;
  v_at record;
BEGIN
  SELECT l.round_id, l.room_id, l.status, l.stake_cents, l.created_at INTO v_line
  FROM order_lines l WHERE l.id = p_line AND l.member_id = p_member FOR UPDATE;
  IF NOT FOUND OR v_line.room_id <> p_room OR v_line.status <> 'wait' THEN
    RAISE EXCEPTION 'no waiting line % of member %', p_line, p_member USING ERRCODE = '${CancelRefusalState.failed}';
  END IF;
  SELECT r.status, r.close_at, r.voided_at INTO v_round FROM rounds r WHERE r.id = v_line.round_id FOR SHARE;
  IF NOT FOUND OR v_round.status = 'drawn' OR p_now >= v_round.close_at OR v_round.voided_at IS NOT NULL THEN
    RAISE EXCEPTION 'round % is not open', v_line.round_id USING ERRCODE = '${CancelRefusalState.stopped}';
  END IF;

  UPDATE order_lines SET status = 'cancel', finished_at = p_now WHERE id = p_line AND status = 'wait';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'line % changed', p_line USING ERRCODE = '${CancelRefusalState.failed}';
  END IF;

  UPDATE members SET money_cents = money_cents + v_line.stake_cents
  WHERE id = p_member AND money_cents + v_line.stake_cents >= 0
    AND money_cents + v_line.stake_cents <= ${Number.MAX_SAFE_INTEGER}
  RETURNING money_cents INTO v_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'member % cannot be credited', p_member USING ERRCODE = '${CancelRefusalState.failed}';
  END IF;

  INSERT INTO fund_log (member_id, amount_cents, before_cents, after_cents, reason_code, reason_text, ref_type, ref_id, created_at)
  VALUES (p_member, v_line.stake_cents, v_after - v_line.stake_cents, v_after, p_reason, p_reason_text, 'order_line', p_line::text, p_now)
  RETURNING id INTO v_fund;

  -- The stake no longer counts toward the limits in the periods it was placed in (repositories/play.ts giveUsageBack).
  SELECT * INTO v_at FROM play_period_starts(v_line.created_at);
  UPDATE play_state SET
    day_stake = day_stake - CASE WHEN day_start = v_at.day_start THEN v_line.stake_cents ELSE 0 END,
    day_loss = day_loss - CASE WHEN day_start = v_at.day_start THEN v_line.stake_cents ELSE 0 END,
    week_stake = week_stake - CASE WHEN week_start = v_at.week_start THEN v_line.stake_cents ELSE 0 END,
    week_loss = week_loss - CASE WHEN week_start = v_at.week_start THEN v_line.stake_cents ELSE 0 END,
    month_stake = month_stake - CASE WHEN month_start = v_at.month_start THEN v_line.stake_cents ELSE 0 END,
    month_loss = month_loss - CASE WHEN month_start = v_at.month_start THEN v_line.stake_cents ELSE 0 END
  WHERE member_id = p_member;

  RETURN QUERY SELECT v_line.round_id::integer, v_line.stake_cents::bigint, v_after, v_fund;
END
$fn$`,
        )
        .execute(db);
    },
  };
}
