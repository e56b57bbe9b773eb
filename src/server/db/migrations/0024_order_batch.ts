/**
 * PostgreSQL: several members' orders in one round trip and one commit (repositories/orderBatch.ts).
 * Each order is migration 0022's place_order, run in a block of its own (a subtransaction): a
 * refused order is undone alone and answered with its SQLSTATE and detail, while the others of the
 * batch stand. The answer is one JSON array, an entry per order in the order given: the taken
 * order's ids and balance, or the refusal. Nothing of the rules is here: place_order holds them.
 * Never edited once released; later changes are new migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';

export function orderBatchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `
CREATE FUNCTION place_orders(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  o jsonb;
  r record;
  v_results jsonb := '[]'::jsonb;
  v_state text;
  v_detail text;
BEGIN
  FOR o IN SELECT value FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS item(value, n) ORDER BY n LOOP
    BEGIN
      SELECT * INTO STRICT r FROM place_order(
        (o->>'member')::integer, (o->>'round')::integer, (o->>'room')::integer, (o->>'now')::bigint,
        (o->>'total')::bigint, (o->>'bestPayout')::bigint, (o->>'balanceCeiling')::bigint,
        o->>'idemKey', o->>'requestHash', o->>'reason', o->>'reasonText',
        ARRAY(SELECT value::integer FROM jsonb_array_elements_text(o->'outcomes') WITH ORDINALITY AS e(value, n) ORDER BY n),
        ARRAY(SELECT value::integer FROM jsonb_array_elements_text(o->'rates') WITH ORDINALITY AS e(value, n) ORDER BY n),
        ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(o->'stakes') WITH ORDINALITY AS e(value, n) ORDER BY n),
        (o->>'refund1314')::integer, (o->>'day')::integer, (o->>'week')::integer, (o->>'month')::integer,
        (o->>'noLimit')::bigint);
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'group', r.order_group, 'after', r.balance_after, 'fund', r.fund_row, 'lines', to_jsonb(r.line_ids)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
      v_results := v_results || jsonb_build_array(jsonb_build_object('state', v_state, 'detail', v_detail));
    END;
  END LOOP;
  RETURN v_results;
END
$fn$`,
        )
        .execute(db);
    },
  };
}
