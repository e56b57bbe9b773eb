/**
 * What members see of orders: the live feed of a room's round (everyone's, masked), a member's own
 * lines of a round, the order history, and the award of a settled round. Only the member's own
 * rows are ever shown unmasked (DESIGN.md section 3.6).
 */
import type { CurrentAnswer, LiveOrder, OwnOrderItem, VorderAnswer } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import type { Locale } from '../../../shared/locale';
import { toUsd } from '../../../shared/money';
import type { LineStatus, Member, RoundRow } from '../../db/schema';
import {
  latestLiveLines,
  liveLinesAfter,
  memberRoundTotals,
  ownLines,
  type OwnLineRow,
} from '../../repositories/orderViews';
import { roundBySeqno } from '../../repositories/rounds';
import { refused } from '../refused';
import type { GameSettings } from './catalog';
import type { GameEngine } from './engine';
import { maskUsername } from './mask';
import { enterRoom } from './roomEntry';

/** Rows of the first poll, and most rows per later poll. */
export const LIVE_FIRST = 30;
export const LIVE_PAGE = 50;
export const OWN_ROUND_LIMIT = 200;
export const GAME_LOG_DEFAULT = 20;
export const GAME_LOG_MAX = 100;

const seconds = (ms: number) => Math.floor(ms / 1000);

async function roundOf(engine: GameEngine, game: GameSettings, seqno: string | undefined): Promise<RoundRow | null> {
  if (seqno !== undefined && seqno.trim() !== '') {
    return (await roundBySeqno(engine.deps.db, game.id, seqno.trim())) ?? null;
  }
  return (await engine.boards.get(game.id, game.type)).current;
}

/** Everyone's orders of a room's round, for a member who may enter the room (roomEntry.ts). */
export async function liveOrders(
  engine: GameEngine,
  member: Member,
  request: { roomid: number; cursor: number; gameseq?: string },
  locale: Locale,
): Promise<VorderAnswer> {
  const { room, game } = await enterRoom(engine, member, request.roomid);
  const round = await roundOf(engine, game, request.gameseq);
  if (!round) return { list: [], order_id: request.cursor };
  const db = engine.deps.db;
  const rows =
    request.cursor > 0
      ? await liveLinesAfter(db, round.id, room.id, request.cursor, LIVE_PAGE)
      : (await latestLiveLines(db, round.id, room.id, LIVE_FIRST)).reverse();
  const names = engine.names(locale);
  const list: LiveOrder[] = rows.map((row) => ({
    id: row.id,
    username: maskUsername(row.username),
    value: row.outcome,
    valuecn: names[row.outcome] ?? '',
    rate: row.rate / 100,
    money: toUsd(row.stake_cents),
    seqno: round.seqno,
    time: seconds(row.created_at),
  }));
  return { list, order_id: rows.length > 0 ? Math.max(request.cursor, rows[rows.length - 1].id) : request.cursor };
}

function ownItem(row: OwnLineRow, gametype: number, names: readonly string[]): OwnOrderItem {
  return {
    order_id: row.id,
    roomid: row.room_id,
    gametype,
    value: row.outcome,
    valuecn: names[row.outcome] ?? '',
    seqno: row.seqno,
    rate: row.rate / 100,
    money: toUsd(row.stake_cents),
    status: row.status as LineStatus,
    award: toUsd(row.award_cents),
    time: seconds(row.created_at),
    num1: row.num1,
    num2: row.num2,
    num3: row.num3,
    sum: row.sum,
  };
}

export async function ownRoundOrders(
  engine: GameEngine,
  memberId: number,
  request: { roomid: number; gameseq?: string },
  locale: Locale,
): Promise<{ list: OwnOrderItem[] }> {
  const { room, game } = await engine.roomAndGame(request.roomid);
  const round = await roundOf(engine, game, request.gameseq);
  if (!round) return { list: [] };
  const rows = await ownLines(engine.deps.db, { memberId, roundId: round.id, roomId: room.id, limit: OWN_ROUND_LIMIT });
  const names = engine.names(locale);
  return { list: rows.map((row) => ownItem(row, game.type, names)) };
}

async function gameOfType(engine: GameEngine, gametype: number): Promise<GameSettings> {
  const game = [...(await engine.catalog.get()).games.values()].find((g) => g.type === gametype);
  if (!game) throw refused(ErrorCode.GameNotFound);
  return game;
}

export async function gameLog(
  engine: GameEngine,
  memberId: number,
  request: { gameseq?: string; gametype?: number; before?: number; limit?: number },
  locale: Locale,
): Promise<OwnOrderItem[]> {
  const game = request.gametype === undefined ? undefined : await gameOfType(engine, request.gametype);
  const limit = Math.min(GAME_LOG_MAX, Math.max(1, request.limit ?? GAME_LOG_DEFAULT));
  const seqno = request.gameseq?.trim() || undefined;
  const rows = await ownLines(engine.deps.db, {
    memberId,
    gameId: game?.id,
    seqno,
    beforeId: request.before,
    limit,
  });
  const catalog = await engine.catalog.get();
  const names = engine.names(locale);
  return rows.map((row) => ownItem(row, catalog.games.get(row.game_id)?.type ?? row.game_id, names));
}

/** The member's award for a round (1027 without a round number, 1028 for an unknown round). */
export async function roundAward(
  engine: GameEngine,
  memberId: number,
  request: { gameseq: string; gametype: number },
): Promise<CurrentAnswer> {
  const seqno = request.gameseq.trim();
  if (seqno === '') throw refused(ErrorCode.PeriodEmpty);
  const game = await gameOfType(engine, request.gametype);
  const round = await roundBySeqno(engine.deps.db, game.id, seqno);
  if (!round) throw refused(ErrorCode.NoActiveActivity);
  const totals = await memberRoundTotals(engine.deps.db, memberId, round.id);
  return { award: toUsd(totals.awardCents), settled: round.settled_at !== null, total: toUsd(totals.stakeCents) };
}
