/**
 * Typed view of the database for Kysely. Money columns are integer cents (DESIGN.md section 3);
 * times are epoch milliseconds; flags are 0/1 integers so both dialects read them the same way.
 */
import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { BankCardType, WithdrawalStatus } from '../../shared/api/types';
import type { PauseKind, PlayLimitKind, PlayPeriod } from '../../shared/play';

export interface MembersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: string;
  level: Generated<number>;
  money_cents: Generated<number>;
  frozen: Generated<number>;
  phone: string;
  quhao: string;
  /** API language code (en, chs, cht, vi). */
  lang: string;
  invited_by: string | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  member_id: number;
  created_at: number;
  /** The end of the session's lifetime (created_at + SESSION_TTL_DAYS), however much it is used. */
  expires_at: number;
  /** The last recorded use (written at most once an hour); the session ends SESSION_IDLE_DAYS after it. */
  last_used_at: number;
  /** The browser's User-Agent at login, cut short: the member tells sessions apart by it. */
  user_agent: string;
  /** The address the session was last used from. */
  ip: string;
}

export interface InvitationsTable {
  id: Generated<number>;
  code: string;
  created_at: number;
  uses: Generated<number>;
  active: Generated<number>;
}

/**
 * Register a new number, reset the login password of the member a number belongs to, or confirm
 * who sets a member's first withdrawal password (sent to the member's own number).
 */
export type SmsPurpose = 'register' | 'reset' | 'paypwd';

export interface SmsCodesTable {
  id: Generated<number>;
  quhao: string;
  phone: string;
  code: string;
  sent_at: number;
  expires_at: number;
  used: Generated<number>;
  /** Wrong codes typed against this one; it is dead at MAX_CODE_FAILURES (domain/accounts/guards.ts). */
  failures: Generated<number>;
  /** What the code was sent for; it serves nothing else. */
  purpose: Generated<SmsPurpose>;
}

/** Wrong tries at one member's secret (domain/accounts/guards.ts). */
export interface MemberGuardsTable {
  member_id: number;
  secret: GuardedSecret;
  /** '' for the member's tries from every session; a session's tag for that session's own (0020_guard_scopes). */
  scope: Generated<string>;
  failures: Generated<number>;
  /** When the counted window of wrong tries began (epoch ms). */
  window_start: Generated<number>;
  /** Tries are refused until then (epoch ms); 0 when not locked. */
  locked_until: Generated<number>;
}

export type GuardedSecret = 'login' | 'pay';

/** Requests counted per limit and client in a fixed window (domain/requestCounters.ts). */
export interface RateCountersTable {
  /** The limit's name and whom it counts, e.g. `login:203.0.113.7` or `withdraw:member:42`. */
  key: string;
  hits: number;
  /** When the window ends and counting starts again (epoch ms). */
  reset_at: number;
}

/** Wrong tries at a member's login password from one source address, and its last login from there. */
export interface LoginSourcesTable {
  member_id: number;
  /** The client's address as the server sees it (TRUST_PROXY), or `session:<tag>` for a device proven by its live session. */
  source: string;
  failures: Generated<number>;
  /** When the counted window of wrong tries began (epoch ms). */
  window_start: Generated<number>;
  /** Tries from this address are refused until then (epoch ms); 0 when not locked. */
  locked_until: Generated<number>;
  /** The last successful login from this address (epoch ms); 0 when never. */
  last_login_at: Generated<number>;
  /** The growing delay of the member's own device (a known address, or a session's tag): its wrong tries... */
  delay_failures: Generated<number>;
  /** ...the last of them (epoch ms)... */
  last_failure_at: Generated<number>;
  /** ...and when the next may be checked (epoch ms). */
  next_try_at: Generated<number>;
}

/** Wrong tries at a member's login password from addresses that are not the member's own. */
export interface LoginDelaysTable {
  member_id: number;
  failures: Generated<number>;
  /** The last such try (epoch ms): a quiet window forgets the count. */
  last_failure_at: Generated<number>;
  /** The next such try is refused (3006) until then (epoch ms). */
  next_try_at: Generated<number>;
}

export interface FundLogTable {
  id: Generated<number>;
  member_id: number;
  amount_cents: number;
  before_cents: number;
  after_cents: number;
  reason_code: string;
  reason_text: string;
  ref_type: string;
  ref_id: string;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface GamesTable {
  id: number;
  type: number;
  title: string;
  minjoin_cents: number;
  round_seconds: number;
  /** Orders and cancels stop when this many seconds remain before the draw. */
  close_seconds: Generated<number>;
  /** 0 = trading stopped (1020): no new rounds, no orders. */
  enabled: Generated<number>;
}

export type RoomKind = 'standard' | 'vip' | 'superior' | 'premier';

export interface RoomsTable {
  id: Generated<number>;
  roomtype: number;
  kind: RoomKind;
  /** In English; the translations beside it are empty where the operator set none. */
  title: string;
  title_vi: Generated<string>;
  title_zh_cn: Generated<string>;
  title_zh_tw: Generated<string>;
  game_id: number;
  minjoin_cents: number;
  minbuy_cents: number;
  rate0: number;
  rate1: number;
  rate2: number;
  rate3: number;
  rate4: number;
  rate5: number;
  rate6: number;
  rate7: number;
  rate8: number;
  rate9: number;
  rate10: number;
  /** VIP level needed to enter; 0 = open to every member. */
  minlevel: Generated<number>;
  /** 1 = the house variant: two-way outcomes give back the stake on a sum of 13 or 14. */
  refund1314: Generated<number>;
  /** 0 = trading stopped (1020). */
  enabled: Generated<number>;
}

/**
 * A hash chain, as public as its anchor: its seeds are derived in memory from the draw secret
 * (top seed = HMAC-SHA256(secret, label)), which never enters the database (0008_chain_secret).
 */
export interface FairnessChainsTable {
  id: Generated<number>;
  game_id: number;
  /** seed[0], published with every round. */
  anchor: string;
  length: number;
  /** Public and random; null for a chain made before 0008, whose secret was stored (it ended then). */
  label: string | null;
  created_at: number;
  /** Set when no more rounds come from the chain (used up, the secret rotated, or lost). */
  ended_at: number | null;
}

/**
 * The seed of a round committed from a chain made before 0008, kept only until that round is drawn
 * (its chain's secret has left the database, and the seed is already in every older backup).
 */
export interface KeptRoundSeedsTable {
  round_id: number;
  seed: string;
}

/** Stored status; 'closed' is derived on the wire from close_at. */
export type StoredRoundStatus = 'open' | 'drawn';

export interface RoundsTable {
  id: Generated<number>;
  game_id: number;
  seqno: string;
  status: Generated<StoredRoundStatus>;
  open_at: number;
  close_at: number;
  draw_at: number;
  chain_id: number;
  /** Which seed of the chain: round k of a chain uses seed[k]. */
  chain_index: number;
  commitment: string;
  seed: string | null;
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  drawn_at: number | null;
  settled_at: number | null;
  /** Called off: the secret its seed came from is lost, so it is never drawn; its stakes were refunded. */
  voided_at: number | null;
}

export interface OrderGroupsTable {
  id: Generated<number>;
  member_id: number;
  round_id: number;
  room_id: number;
  total_cents: number;
  idem_key: string | null;
  /** SHA-256 of the order's content, to tell a retry from a reuse of the key. */
  request_hash: string | null;
  created_at: number;
}

export type LineStatus = 'wait' | 'win' | 'lose' | 'refund' | 'cancel';

export interface OrderLinesTable {
  id: Generated<number>;
  group_id: number;
  member_id: number;
  round_id: number;
  room_id: number;
  outcome: number;
  rate: number;
  stake_cents: number;
  refund1314: number;
  status: Generated<LineStatus>;
  award_cents: Generated<number>;
  created_at: number;
  finished_at: number | null;
}

/** A member's settled round: stakes and what it paid back (migration 0012, the winners ticker). */
export interface RoundResultsTable {
  id: Generated<number>;
  round_id: number;
  member_id: number;
  stake_cents: number;
  award_cents: number;
  settled_at: number;
}

export interface SchedulerLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  category: number;
  title: string;
  title_ft: string;
  title_yw: string;
  title_vi: string;
  content: string;
  content_ft: string;
  content_yw: string;
  content_vi: string;
  /** JSON list of image paths. */
  img: string;
  created_at: number;
}

export interface BannersTable {
  id: Generated<number>;
  path: string;
  path_tw: string;
  path_vi: string;
  path_yw: string;
  sort: number;
}

/** A game tile of home: the game it leads to, a name and a picture per language ('' = the English one). */
export interface HomeTilesTable {
  id: Generated<number>;
  game_id: number;
  sort: number;
  /** The outcomes the tile is about, shown first in its room: keys joined by dots ("big.small"; '' = none). */
  focus: string;
  title: string;
  title_vi: string;
  title_zh_cn: string;
  title_zh_tw: string;
  img: string;
  img_vi: string;
  img_zh_cn: string;
  img_zh_tw: string;
}

export interface BankCardsTable {
  id: Generated<number>;
  member_id: number;
  type: BankCardType;
  bank: string;
  account: string;
  username: string;
  branch: string;
  address: string;
  /** Type plus the normalized account number or address: one live copy per member. */
  fingerprint: string;
  created_at: number;
  /** Set when the member deletes it; withdrawals keep referring to the row. */
  deleted_at: number | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  member_id: number;
  card_id: number;
  /** The destination as it was when the withdrawal was requested. */
  card_type: BankCardType;
  card_bank: string;
  card_account: string;
  card_username: string;
  card_branch: string;
  card_address: string;
  amount_cents: number;
  status: Generated<WithdrawalStatus>;
  idem_key: string | null;
  /** SHA-256 of destination and amount, to tell a retry from a reuse of the key. */
  request_hash: string | null;
  created_at: number;
  decided_at: number | null;
  /** The operator's note on a decision. */
  note: Generated<string>;
}

/** One read marker per member for the messages about their account (migration 0015). */
export interface MessageReadsTable {
  member_id: number;
  /** Epoch ms: the messages up to this moment have been seen. */
  read_up_to: number;
}

/**
 * A member's responsible-play state (domain/play/): the pause in force, the reality check, and
 * what is used of stake and loss limits in the current periods (first server day of each; kept
 * while the member has such a limit, 0016_play_limits).
 */
export interface PlayStateTable {
  member_id: number;
  /** Orders are refused until then (epoch ms); 0 when never paused. */
  paused_until: Generated<number>;
  pause_kind: Generated<PauseKind | ''>;
  /** Minutes of play between reality checks; 0 = off. */
  reality_minutes: Generated<number>;
  day_start: Generated<number>;
  day_stake: Generated<number>;
  day_loss: Generated<number>;
  week_start: Generated<number>;
  week_stake: Generated<number>;
  week_loss: Generated<number>;
  month_start: Generated<number>;
  month_stake: Generated<number>;
  month_loss: Generated<number>;
}

/** A limit a member set for one period and kind. */
export interface PlayLimitsTable {
  member_id: number;
  period: PlayPeriod;
  kind: PlayLimitKind;
  /** In force now, unless next_at has passed (then next_cents is); 0 = none. */
  limit_cents: number;
  /** A looser limit asked for (0 = removal), applying at next_at; both null when none waits. */
  next_cents: number | null;
  next_at: number | null;
}

export type PlayChangeWhat = 'limit' | 'pause' | 'realityCheck';
export type PlayChangeBy = 'member' | 'operator';

/** Every change of a member's play settings. */
export interface PlayHistoryTable {
  id: Generated<number>;
  member_id: number;
  created_at: number;
  what: PlayChangeWhat;
  changed_by: PlayChangeBy;
  period: PlayPeriod | null;
  kind: PlayLimitKind | null;
  from_cents: number | null;
  to_cents: number | null;
  effective_at: number | null;
  pause_kind: PauseKind | null;
  days: number | null;
  until_at: number | null;
  minutes: number | null;
}

/** An event of the live streams (migration 0017, domain/live/). */
export interface LiveEventsTable {
  id: Generated<number>;
  /** `game:<id>`, `room:<id>`, `member:<id>` or `members` (everyone's). */
  channel: string;
  /** The event as its stream sends it (JSON). */
  payload: string;
  created_at: number;
}

/** A ticket that opens one live stream, once (domain/live/tickets.ts). */
/** An open live stream of some instance (migrations/0019_live_streams.ts). */
export interface LiveStreamsTable {
  id: Generated<number>;
  /** The server process holding it (`host:pid:random`). */
  instance: string;
  member_id: number;
  address: string;
  /** Renewed by its instance while it runs; past it, the row no longer counts. */
  expires_at: number;
}

export interface LiveTicketsTable {
  /** SHA-256 of the ticket; the ticket itself is only ever in the member's hands. */
  ticket_hash: string;
  member_id: number;
  /** The session that asked for it (sessions.token_hash). */
  session_hash: string;
  expires_at: number;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  sms_codes: SmsCodesTable;
  member_guards: MemberGuardsTable;
  rate_counters: RateCountersTable;
  login_sources: LoginSourcesTable;
  login_delays: LoginDelaysTable;
  fund_log: FundLogTable;
  settings: SettingsTable;
  games: GamesTable;
  rooms: RoomsTable;
  articles: ArticlesTable;
  banners: BannersTable;
  home_tiles: HomeTilesTable;
  fairness_chains: FairnessChainsTable;
  kept_round_seeds: KeptRoundSeedsTable;
  rounds: RoundsTable;
  order_groups: OrderGroupsTable;
  order_lines: OrderLinesTable;
  round_results: RoundResultsTable;
  scheduler_lease: SchedulerLeaseTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  message_reads: MessageReadsTable;
  play_state: PlayStateTable;
  play_limits: PlayLimitsTable;
  play_history: PlayHistoryTable;
  live_events: LiveEventsTable;
  live_tickets: LiveTicketsTable;
  live_streams: LiveStreamsTable;
  ledger_heads: LedgerHeadsTable;
  ledger_balances: LedgerBalancesTable;
  ledger_keys: LedgerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** A closed period of the fund log as it was signed (migration 0027; hashes and keys in hex). */
export interface LedgerHeadsTable {
  seq: number;
  day: number;
  closed_at: number;
  first_row_id: number;
  last_row_id: number;
  row_count: number;
  root: string;
  liabilities_root: string;
  liabilities_cents: number;
  liabilities_count: number;
  previous_hash: string;
  key_id: string;
  head_hash: string;
  signature: string;
}

export interface LedgerBalancesTable {
  head_seq: number;
  member_id: number;
  balance_cents: number;
}

export interface LedgerKeysTable {
  key_id: string;
  public_key: string;
  previous_key_id: string | null;
  handover: string | null;
  from_seq: number;
  added_at: number;
}

/** A device's Web Push subscription, one per session (migration 0028). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  session_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The kinds asked for, comma-separated (shared/push.ts). */
  kinds: string;
  lang: string;
  created_at: number;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type LedgerHeadRow = Selectable<LedgerHeadsTable>;
export type LedgerKeyRow = Selectable<LedgerKeysTable>;

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type FundLogRow = Selectable<FundLogTable>;
export type NewRoom = Insertable<RoomsTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type NewBanner = Insertable<BannersTable>;
export type NewHomeTile = Insertable<HomeTilesTable>;
export type HomeTileRow = Selectable<HomeTilesTable>;
export type NewGame = Insertable<GamesTable>;
export type GameRow = Selectable<GamesTable>;
export type RoomRow = Selectable<RoomsTable>;
export type ChainRow = Selectable<FairnessChainsTable>;
export type RoundRow = Selectable<RoundsTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderGroupRow = Selectable<OrderGroupsTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type PlayStateRow = Selectable<PlayStateTable>;
export type PlayLimitRow = Selectable<PlayLimitsTable>;
export type PlayHistoryRow = Selectable<PlayHistoryTable>;
export type NewPlayHistory = Insertable<PlayHistoryTable>;

export type Dialect = 'sqlite' | 'postgres';
