/**
 * Queries of responsible play (domain/play/): a member's play state, limits and history, what the
 * member used of them, and the order path's check. No rules here: the domain decides.
 */
import { sql, type RawBuilder } from 'kysely';
import { prepared } from '../db/prepared';
import type { Db, NewPlayHistory, PlayHistoryRow, PlayLimitRow, PlayStateRow } from '../db/schema';
import type { PlayLimitKind, PlayPeriod } from '../../shared/play';

/** The first server day of the day, week and month an instant falls in. */
export interface PeriodStarts {
  day: number;
  week: number;
  month: number;
}

/** The columns of play_state that hold one period's usage. */
const USAGE_COLUMNS = {
  day: { start: 'day_start', stake: 'day_stake', loss: 'day_loss' },
  week: { start: 'week_start', stake: 'week_stake', loss: 'week_loss' },
  month: { start: 'month_start', stake: 'month_stake', loss: 'month_loss' },
} as const;

const PERIODS = ['day', 'week', 'month'] as const satisfies readonly PlayPeriod[];

// ---- The order path (prepared: it runs on every order) -------------------------------------

/** One row per stake or loss limit of the member (or one row without a limit), with the pause. */
export interface PlayRuleRow {
  paused_until: number;
  pause_kind: string;
  period: PlayPeriod | null;
  kind: PlayLimitKind | null;
  limit_cents: number | null;
  next_cents: number | null;
  next_at: number | null;
}

const playRulesQuery = prepared<{ member: number }, PlayRuleRow>((db, p) =>
  db
    .selectFrom('play_state as s')
    .leftJoin('play_limits as l', (join) =>
      join.onRef('l.member_id', '=', 's.member_id').on('l.kind', '<>', sql.lit('deposit')),
    )
    .select(['s.paused_until', 's.pause_kind', 'l.period', 'l.kind', 'l.limit_cents', 'l.next_cents', 'l.next_at'])
    .where('s.member_id', '=', p('member')),
);

/** The pause and the stake and loss limits of a member; no rows for a member who never set any. */
export async function playRulesOf(db: Db, memberId: number): Promise<PlayRuleRow[]> {
  return (await playRulesQuery(db, { member: memberId })).rows;
}

/** The limits an order is checked against, in cents (Number.MAX_SAFE_INTEGER where none). */
export interface UsageCharge extends PeriodStarts {
  member: number;
  stake: number;
  dayStake: number;
  dayLoss: number;
  weekStake: number;
  weekLoss: number;
  monthStake: number;
  monthLoss: number;
  [key: string]: number;
}

/** A usage column as it stands in the period starting at `start`: 0 once the period has turned. */
function usedIn(period: PlayPeriod, column: 'stake' | 'loss', start: unknown): RawBuilder<number> {
  const names = USAGE_COLUMNS[period];
  return sql<number>`(CASE WHEN ${sql.ref(names.start)} = ${start} THEN ${sql.ref(names[column])} ELSE 0 END)`;
}

const LIMIT_PARAMS = {
  day: { stake: 'dayStake', loss: 'dayLoss' },
  week: { stake: 'weekStake', loss: 'weekLoss' },
  month: { stake: 'monthStake', loss: 'monthLoss' },
} as const;

const chargeQuery = prepared<UsageCharge, { member_id: number }>((db, p) => {
  const set: Record<string, unknown> = {};
  for (const period of PERIODS) {
    const names = USAGE_COLUMNS[period];
    set[names.stake] = sql`${usedIn(period, 'stake', p(period))} + ${p('stake')}`;
    set[names.loss] = sql`${usedIn(period, 'loss', p(period))} + ${p('stake')}`;
    set[names.start] = p(period);
  }
  let query = db.updateTable('play_state').set(set).where('member_id', '=', p('member'));
  for (const period of PERIODS) {
    for (const column of ['stake', 'loss'] as const) {
      query = query.where(
        sql<number>`${usedIn(period, column, p(period))} + ${p('stake')}`,
        '<=',
        p(LIMIT_PARAMS[period][column]),
      );
    }
  }
  return query.returning('member_id');
});

/**
 * Adds an order's stake to the stakes and the net loss of its day, week and month, only if every
 * figure stays within its limit: one conditional statement, like the balance's debit, so parallel
 * orders cannot pass a limit together. False when a limit would be passed (nothing changed).
 */
export async function chargeUsage(db: Db, charge: UsageCharge): Promise<boolean> {
  return (await chargeQuery(db, charge)).rows.length === 1;
}

interface GiveBack extends PeriodStarts {
  member: number;
  stake: number;
  loss: number;
  [key: string]: number;
}

const giveBackQuery = prepared<GiveBack, unknown>((db, p) => {
  const set: Record<string, unknown> = {};
  for (const period of PERIODS) {
    const names = USAGE_COLUMNS[period];
    const inPeriod = (amount: unknown) =>
      sql`CASE WHEN ${sql.ref(names.start)} = ${p(period)} THEN CAST(${amount} AS bigint) ELSE 0 END`;
    set[names.stake] = sql`${sql.ref(names.stake)} - ${inPeriod(p('stake'))}`;
    set[names.loss] = sql`${sql.ref(names.loss)} - ${inPeriod(p('loss'))}`;
  }
  return db.updateTable('play_state').set(set).where('member_id', '=', p('member'));
});

/**
 * Takes back from the member's usage what lines placed in the periods `starts` no longer count:
 * a cancelled stake (stake and loss), or what settled lines paid (loss). Periods that have turned
 * since are left alone; a member without a play state is not touched.
 */
export async function giveUsageBack(
  db: Db,
  memberId: number,
  starts: PeriodStarts,
  amounts: { stake: number; loss: number },
): Promise<void> {
  await giveBackQuery(db, { member: memberId, ...starts, ...amounts });
}

/** The members of a range (settlement's batch) who have a play state. */
export async function playStatesBetween(db: Db, fromMember: number, toMember: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('play_state')
    .select('member_id')
    .where('member_id', '>=', fromMember)
    .where('member_id', '<=', toMember)
    .execute();
  return new Set(rows.map((row) => row.member_id));
}

// ---- A member's settings ---------------------------------------------------------

export function playStateOf(db: Db, memberId: number): Promise<PlayStateRow | undefined> {
  return db.selectFrom('play_state').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** The member's play state row, made with the defaults when there is none yet. */
export async function ensurePlayState(db: Db, memberId: number): Promise<void> {
  await db
    .insertInto('play_state')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

export function playLimitsOf(db: Db, memberId: number): Promise<PlayLimitRow[]> {
  return db.selectFrom('play_limits').selectAll().where('member_id', '=', memberId).execute();
}

export async function savePlayLimit(db: Db, row: PlayLimitRow): Promise<void> {
  await db
    .insertInto('play_limits')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['member_id', 'period', 'kind']).doUpdateSet({
        limit_cents: row.limit_cents,
        next_cents: row.next_cents,
        next_at: row.next_at,
      }),
    )
    .execute();
}

export async function setPause(db: Db, memberId: number, kind: 'cooloff' | 'exclusion', until: number): Promise<void> {
  await db
    .updateTable('play_state')
    .set({ paused_until: until, pause_kind: kind })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setRealityMinutes(db: Db, memberId: number, minutes: number): Promise<void> {
  await db.updateTable('play_state').set({ reality_minutes: minutes }).where('member_id', '=', memberId).execute();
}

export async function insertPlayHistory(db: Db, row: NewPlayHistory): Promise<void> {
  await db.insertInto('play_history').values(row).execute();
}

export function playHistoryOf(db: Db, memberId: number, limit: number): Promise<PlayHistoryRow[]> {
  return db
    .selectFrom('play_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- What was used -------------------------------------------------------------------

/** Stakes and net loss of a period, in cents. */
export interface PeriodUsage {
  stake: number;
  loss: number;
}

/** The first instant (epoch ms) of the day, week and month now. */
export interface PeriodInstants {
  day: number;
  week: number;
  month: number;
}

/**
 * What the member's order lines placed in each period count: stakes of the lines not cancelled,
 * and their stakes minus what they paid back (a line still waiting has paid nothing yet).
 */
export async function usageFromLines(
  db: Db,
  memberId: number,
  from: PeriodInstants,
): Promise<Record<PlayPeriod, PeriodUsage>> {
  const earliest = Math.min(from.day, from.week, from.month);
  const since = (instant: number, amount: RawBuilder<number>) =>
    sql<number>`COALESCE(SUM(CASE WHEN created_at >= ${instant} THEN ${amount} ELSE 0 END), 0)`;
  const stake = sql<number>`stake_cents`;
  const loss = sql<number>`stake_cents - award_cents`;
  const row = await db
    .selectFrom('order_lines')
    .select([
      since(from.day, stake).as('day_stake'),
      since(from.day, loss).as('day_loss'),
      since(from.week, stake).as('week_stake'),
      since(from.week, loss).as('week_loss'),
      since(from.month, stake).as('month_stake'),
      since(from.month, loss).as('month_loss'),
    ])
    .where('member_id', '=', memberId)
    .where('status', '<>', 'cancel')
    .where('created_at', '>=', earliest)
    .executeTakeFirstOrThrow();
  return {
    day: { stake: Number(row.day_stake), loss: Number(row.day_loss) },
    week: { stake: Number(row.week_stake), loss: Number(row.week_loss) },
    month: { stake: Number(row.month_stake), loss: Number(row.month_loss) },
  };
}

/** Sets the usage the order path keeps to what the lines say, for the periods starting at `starts`. */
export async function seedUsage(
  db: Db,
  memberId: number,
  starts: PeriodStarts,
  usage: Record<PlayPeriod, PeriodUsage>,
): Promise<void> {
  await db
    .updateTable('play_state')
    .set({
      day_start: starts.day,
      day_stake: usage.day.stake,
      day_loss: usage.day.loss,
      week_start: starts.week,
      week_stake: usage.week.stake,
      week_loss: usage.week.loss,
      month_start: starts.month,
      month_stake: usage.month.stake,
      month_loss: usage.month.loss,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/** The operator's deposits credited to the member in each period, in cents. */
export async function depositsSince(
  db: Db,
  memberId: number,
  from: PeriodInstants,
  depositReason: string,
): Promise<Record<PlayPeriod, number>> {
  const earliest = Math.min(from.day, from.week, from.month);
  const since = (instant: number) =>
    sql<number>`COALESCE(SUM(CASE WHEN created_at >= ${instant} THEN amount_cents ELSE 0 END), 0)`;
  const row = await db
    .selectFrom('fund_log')
    .select([since(from.day).as('day'), since(from.week).as('week'), since(from.month).as('month')])
    .where('member_id', '=', memberId)
    .where('reason_code', '=', depositReason)
    .where('created_at', '>=', earliest)
    .executeTakeFirstOrThrow();
  return { day: Number(row.day), week: Number(row.week), month: Number(row.month) };
}

/** The sum of the member's fund-log rows of the given reasons since an instant. */
export async function fundLogSumSince(db: Db, memberId: number, since: number, reasons: readonly string[]) {
  const row = await db
    .selectFrom('fund_log')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('reason_code', 'in', reasons)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Members whose cool-off or self-exclusion ended in (from, to]. */
export function pausesEndedBetween(
  db: Db,
  from: number,
  to: number,
): Promise<{ member_id: number; pause_kind: string }[]> {
  return db
    .selectFrom('play_state')
    .select(['member_id', 'pause_kind'])
    .where('pause_kind', '!=', '')
    .where('paused_until', '>', from)
    .where('paused_until', '<=', to)
    .execute();
}
