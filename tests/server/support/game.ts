/** Helpers for the round-engine tests: funded members, rooms of the seed, rounds driven by the fake clock. */
import { ApiPath } from '../../../src/shared/api/paths';
import type { GameInfoAnswer, OrderAnswer, OrderLine } from '../../../src/shared/api/types';
import type { ApiResponse } from '../../../src/shared/api/envelope';
import { drawFromSeed, type Draw } from '../../../src/shared/game';
import { creditDeposit } from '../../../src/server/domain/operator';
import type { RoundRow } from '../../../src/server/db/schema';
import { registerMember, type Registered } from './members';
import type { TestServer } from './server';

/** Room ids of the seed: USDT (game 15) 1-4, BTC (game 1) 5-8, ETH (game 4) 9-12; standard, vip, superior, premier. */
export const ROOM = { usdtStandard: 1, usdtVip: 2, usdtSuperior: 3, btcStandard: 5, ethStandard: 9 } as const;
export const GAME_OF_ROOM: Record<number, number> = { 1: 15, 2: 15, 3: 15, 4: 15, 5: 1, 6: 1, 7: 1, 8: 1, 9: 4, 10: 4 };
/** The standard rooms' rates (hundredths) of outcomes 0..10. */
export const STANDARD_RATES = [195, 195, 195, 195, 410, 350, 350, 410, 1600, 1600, 9000];

export interface Player extends Registered {
  id: number;
}

export async function fundedMember(server: TestServer, usd: number, options: { level?: number } = {}): Promise<Player> {
  const member = await registerMember(server);
  const row = await server.deps.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', member.username)
    .executeTakeFirstOrThrow();
  if (usd > 0)
    await creditDeposit(server.deps, { username: member.username, cents: Math.round(usd * 100), ref: 'test' });
  if (options.level !== undefined) {
    await server.deps.db.updateTable('members').set({ level: options.level }).where('id', '=', row.id).execute();
  }
  return { ...member, id: row.id };
}

export async function balanceCents(server: TestServer, memberId: number): Promise<number> {
  const row = await server.deps.db
    .selectFrom('members')
    .select('money_cents')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.money_cents;
}

export async function currentRound(server: TestServer, gameId: number): Promise<RoundRow> {
  return server.deps.db
    .selectFrom('rounds')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

export function roundById(server: TestServer, id: number): Promise<RoundRow> {
  return server.deps.db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Moves the fake clock to the game's current draw (plus `extraMs`) and runs the scheduler: drawn and settled. */
export async function drawCurrent(server: TestServer, gameId: number, extraMs = 0): Promise<RoundRow> {
  const round = await currentRound(server, gameId);
  server.clock.now = Math.max(server.clock.now, round.draw_at + extraMs);
  await server.tick();
  return roundById(server, round.id);
}

/** Makes sure the game's current round takes orders for at least `seconds` more (draws rounds until so). */
export async function openRound(server: TestServer, gameId: number, seconds = 30): Promise<RoundRow> {
  for (;;) {
    const round = await currentRound(server, gameId);
    if (round.status !== 'drawn' && round.close_at - server.clock.now >= seconds * 1000) return round;
    await drawCurrent(server, gameId);
  }
}

/** Moves the fake clock to `secondsLeft` before the game's current draw. */
export async function toSecondsLeft(server: TestServer, gameId: number, secondsLeft: number): Promise<RoundRow> {
  const round = await currentRound(server, gameId);
  server.clock.now = round.draw_at - secondsLeft * 1000;
  return round;
}

export function order(
  server: TestServer,
  token: string,
  roomid: number,
  lines: OrderLine[],
  extra: Record<string, unknown> = {},
): Promise<{ body: ApiResponse<OrderAnswer> }> {
  return server.call<OrderAnswer>(ApiPath.order, {
    token,
    lang: 'en',
    gameid: GAME_OF_ROOM[roomid],
    roomid,
    order_info: lines,
    ...extra,
  });
}

export function gameInfo(server: TestServer, token: string, roomid: number, lang = 'en') {
  return server.call<GameInfoAnswer>(ApiPath.gameInfo, { token, lang, roomid });
}

/** A line on a standard room at its rate. */
export function line(outcome: number, price: number): OrderLine {
  return [outcome, STANDARD_RATES[outcome] / 100, price];
}

/**
 * The numbers a round not yet drawn will draw: its seed follows from the draw secret (the server
 * keeps it out of the database; a test may ask the server's own chains to choose lines that surely
 * win).
 */
export async function upcomingDraw(server: TestServer, round: RoundRow): Promise<Draw> {
  const { seed } = await server.app.game.chains.seedOf(round);
  return drawFromSeed(seed, round.id);
}
