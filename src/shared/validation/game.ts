/** Game rules of SPEC.md section 5: buying and entering a room. */
import { MAX_SELECTED_OUTCOMES, MIN_ORDER_USD, OUTCOME_COUNT } from '../constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../errors';
import { MAX_STAKE_CENTS, type Cents } from '../money';
import { levelOpens } from '../vip';

export interface BuyInput {
  /** Seconds until the draw; the round is closed at ROUND_CLOSE_SECONDS or less. */
  roundClosed: boolean;
  selected: readonly number[];
  /** The stake per option as typed. */
  amount: string;
  balance: Cents;
  minBuy: Cents;
}

/** Returns the stake per line in cents when the order may be sent. */
export function validateBuy(input: BuyInput): { refusal: Refusal } | { stakeCents: Cents } {
  if (input.roundClosed) return { refusal: refuse(MessageKey.Stopped) };
  if (input.selected.length === 0) return { refusal: refuse(MessageKey.PleaseSelect) };
  if (input.selected.length > MAX_SELECTED_OUTCOMES) return { refusal: refuse(MessageKey.OverSelectedTip) };
  if (input.selected.some((v) => !Number.isInteger(v) || v < 0 || v >= OUTCOME_COUNT)) {
    return { refusal: refuse(ErrorCode.BetInfoEmpty) };
  }
  if (!/^[1-9]\d*$/.test(input.amount.trim())) return { refusal: refuse(MessageKey.InputCorrectTip) };
  const stakeCents = Number(input.amount.trim()) * 100;
  if (!Number.isSafeInteger(stakeCents)) return { refusal: refuse(MessageKey.InputCorrectTip) };
  if (stakeCents < MIN_ORDER_USD * 100) return { refusal: refuse(ErrorCode.MinimumOrder) };
  if (stakeCents > MAX_STAKE_CENTS) return { refusal: refuse(ErrorCode.WrongAmount) };
  const total = stakeCents * input.selected.length;
  if (total < input.minBuy) return { refusal: refuse(MessageKey.MinBuy, { num: { cents: input.minBuy } }) };
  if (input.balance < total) return { refusal: refuse(MessageKey.NoEnoughMoney) };
  return { stakeCents };
}

/** The chosen outcomes toggle; at most nine may be selected at once. */
export function toggleOutcome(
  selected: readonly number[],
  value: number,
): { selected: number[] } | { refusal: Refusal } {
  if (selected.includes(value)) return { selected: selected.filter((v) => v !== value) };
  if (selected.length >= MAX_SELECTED_OUTCOMES) return { refusal: refuse(MessageKey.OverSelectedTip) };
  return { selected: [...selected, value] };
}

export interface RoomEntryInput {
  loggedIn: boolean;
  balance: Cents;
  minJoin: Cents;
  vipRoom: boolean;
  level: number;
  vipMinLevel: number;
}

export function validateRoomEntry(input: RoomEntryInput): Refusal | null {
  if (input.vipRoom && !input.loggedIn) return refuse(ErrorCode.LoginInvalid);
  if (input.vipRoom && !levelOpens(input.level, input.vipMinLevel)) return refuse(ErrorCode.NotVip);
  if (input.balance < input.minJoin) return refuse(ErrorCode.BalanceBelowMinJoin, { num: { cents: input.minJoin } });
  return null;
}
