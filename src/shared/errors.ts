/**
 * The error catalogue of the contract (SPEC.md section 8) as codes.
 * Texts live in the Lingui catalogs (locales/*.po) under the id `err.<code>`,
 * so the server answers `info` and the app shows messages from the same source.
 */
import { formatInstant } from './instant';
import { formatMoney } from './money';
import type { Locale } from './locale';

export const ErrorCode = {
  IncompleteParameters: 1001,
  UserNotFound: 1002,
  LoginPasswordWrong: 1003,
  NetworkErrorRefresh: 1004,
  UsernameLettersDigits: 1010,
  PasswordLength: 1011,
  PasswordsInconsistent: 1012,
  AccountRegistered: 1013,
  RegistrationFailed: 1014,
  PasswordAlphanumeric: 1015,
  TradingStopped: 1020,
  MinimumOrder: 1024,
  WithdrawOverLimit: 1025,
  RoomNumberEmpty: 1026,
  PeriodEmpty: 1027,
  NoActiveActivity: 1028,
  NotBettingTime: 1029,
  BetInfoEmpty: 1030,
  OrderFailed: 1031,
  BankCardNotFound: 1032,
  PaymentPasswordWrong: 1033,
  RoomNumberEmpty2: 1034,
  PeriodEmpty2: 1035,
  NoActiveActivity2: 1036,
  NotBettingTime2: 1037,
  BetInfoEmpty2: 1038,
  OperationSuccessful: 1039,
  OrderFailed2: 1040,
  OrderNotFound: 1041,
  TransferAmountPositive: 1042,
  TransferExceedsBalance: 1043,
  TransferAmountPositive2: 1044,
  TransferExceedsBalance2: 1045,
  AddOnceOnly: 1046,
  BankCardAddFailed: 1047,
  OnceOnlyContactService: 1048,
  BankCardNotFound2: 1049,
  WrongAmount: 1050,
  PaymentPasswordWrong2: 1051,
  GameNotFound: 1052,
  GameNotFound2: 1053,
  FirstActivityRetry: 1054,
  RoundRise: 1055,
  RoundFall: 1056,
  RoomNotFound: 1057,
  PaymentPasswordLength: 1058,
  OldPasswordWrong: 1059,
  NetworkError: 1060,
  LoginPasswordLength: 1061,
  LoginInvalid: 1062,
  ReferralCodeWrong: 1063,
  InsufficientTurnover: 1064,
  EnterAddress: 1065,
  AccountFrozen: 1069,
  UnknownError: 2002,
  CancelFailed: 2003,
  BalanceBelowMinJoin: 2004,
  EnterPhoneCorrectly: 2050,
  SendingTooFrequently: 2051,
  PhoneRegistered: 2052,
  CaptchaWrong: 2053,
  CaptchaExpired: 2054,
  NotVip: 2055,
  ContactServiceForDeposit: 2056,
  WithdrawPasswordEmpty: 2057,
  SelectWithdrawMethod: 2058,
  /**
   * Not in SPEC.md's catalogue (added, README "Error codes"): a password or code locked after too
   * many wrong tries; the text says in how many minutes ({minutes}) to try again.
   */
  TooManyTries: 3001,
  /** Not in SPEC.md's catalogue (added): a round's proof asked for before its draw (its seed is still secret). */
  RoundNotDrawn: 3002,
  /** Not in SPEC.md's catalogue (added): the same withdrawal account saved twice (the spec's 1047 says only "failed"). */
  AccountAlreadySaved: 3003,
  /** Not in SPEC.md's catalogue (added): a password-reset code asked for a number no member has. */
  PhoneNotRegistered: 3004,
  /**
   * Not in SPEC.md's catalogue (added): too many password checks waiting on this server; refused at
   * once (HTTP 503, Retry-After) rather than kept waiting. Nothing was checked or changed.
   */
  ServerBusy: 3005,
  /**
   * Not in SPEC.md's catalogue (added): this member's password was guessed wrong from many addresses
   * and tries from a new address must wait; the text says how many seconds ({seconds}).
   */
  LoginSlowedDown: 3006,
  /**
   * Not in SPEC.md's catalogue (added): a withdrawal to an account added less than
   * NEW_ACCOUNT_HOLD_HOURS ago; the text says from when ({time}), `data.availableAt` holds it.
   */
  AccountOnHold: 3007,
  /** Not in SPEC.md's catalogue (added): a code by SMS asked for by a member with no phone number on file. */
  NoPhoneOnFile: 3008,
  /**
   * Not in SPEC.md's catalogue (added): no verification code can be sent by SMS (no provider is
   * configured, or the provider did not take the message), so registering or a reset must wait.
   */
  SmsUnavailable: 3009,
  /**
   * Not in SPEC.md's catalogue (added): a USDT address shaped like one of its network ({network})
   * that fails the network's checksum (TRON base58check, Ethereum EIP-55), so nobody can hold it:
   * refused when added, and a withdrawal to one saved before the check existed.
   */
  AddressChecksum: 3011,
  /** Not in SPEC.md's catalogue (added): a cancel of a withdrawal that is not the member's own pending one. */
  WithdrawalNotCancellable: 3012,
  /**
   * Not in SPEC.md's catalogue (added): an order that would pass a stake limit the member set; the
   * text names the limit ({period}, {limit}) and what is left of it ({left}).
   */
  StakeLimitReached: 3013,
  /** Not in SPEC.md's catalogue (added): an order that could pass the member's net loss limit ({period}, {limit}, {left}). */
  LossLimitReached: 3014,
  /** Not in SPEC.md's catalogue (added): an operator deposit past the member's deposit limit ({period}, {limit}, {left}). */
  DepositLimitReached: 3015,
  /**
   * Not in SPEC.md's catalogue (added): an order during the member's cool-off or self-exclusion
   * ({pause}), or a pause asked for that would end before the one in force; the text says until when ({time}).
   */
  PlayPaused: 3016,
  /**
   * Not in SPEC.md's catalogue (added): a live stream refused because this address or this member
   * already has as many open as an instance allows (README "Live streams").
   */
  TooManyStreams: 3017,
  /**
   * Not in SPEC.md's catalogue (added): a ledger proof asked for a fund-log row that is not the
   * member's or not in a signed period yet, or for a head the member holds no balance at.
   */
  LedgerNotSigned: 3018,
  /**
   * Not in SPEC.md's catalogue (added): a device's push service that the server does not send to
   * (not https, or not one of PUSH_SERVICE_HOSTS).
   */
  PushEndpointRefused: 3019,
  /** Not in SPEC.md's catalogue (added): notifications asked for on a server that has them off (no VAPID_SUBJECT). */
  PushUnavailable: 3020,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/**
 * Message keys of the catalogue that are not numbered codes (SPEC.md section 8,
 * "Other message keys"). They are raised by client-side checks only.
 */
export const MessageKey = {
  Stopped: 'stopped',
  OverSelectedTip: 'overSelectedTip',
  PleaseSelect: 'pleaseSelect',
  InputCorrectTip: 'inputCorrectTip',
  NoEnoughMoney: 'noEnoughMoney',
  OriginalInputNull: 'originalInputNull',
  NewPwdInputNull: 'newPwdInputNull',
  ConfirmError: 'confirmError',
  Agreement: 'agreement',
  MinBuy: 'minBuy',
  DateRange: 'dateRange',
  AmountEmpty: 'amountEmpty',
  TransferRange: 'transferRange',
  Offline: 'offline',
  /** A form field left blank, said under that field. */
  Required: 'required',
  /** A form field holding control characters, said under that field. */
  PlainText: 'plainText',
} as const;

export type MessageKey = (typeof MessageKey)[keyof typeof MessageKey];

export const ALL_MESSAGE_KEYS: readonly MessageKey[] = Object.values(MessageKey);

/** An amount a message names, written in the reader's language when the message is (formatMoney). */
export interface MoneyValue {
  cents: number;
}

/** An instant a message names (epoch ms), written in the reader's language when the message is (formatInstant). */
export interface TimeValue {
  epochMs: number;
}

/** Values a message interpolates, e.g. `{num}` in 2004. */
export type MessageValues = Record<string, string | number | MoneyValue | TimeValue>;

/**
 * The values as the catalogue interpolates them: amounts written with the language's separators,
 * instants as a date and time in `timeZone` (named in the text), or the reader's own zone without one.
 */
export function valuesIn(
  locale: Locale,
  values: MessageValues | undefined,
  timeZone?: string,
): Record<string, string | number> | undefined {
  if (!values) return undefined;
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'object') out[key] = value;
    else if ('cents' in value) out[key] = formatMoney(value.cents, locale);
    else out[key] = formatInstant(value.epochMs, locale, 'moment', timeZone ? { timeZone, named: true } : undefined);
  }
  return out;
}

/** A refusal of a rule: the catalogue entry to show and the values it needs. */
export interface Refusal {
  code: ErrorCode | MessageKey;
  values?: MessageValues;
}

/**
 * What a refusal to do something again so soon (2051) carries in `data`: the seconds until it is
 * taken again, which its text says too (`{seconds}`).
 */
export interface RetryAfterData {
  retryAfter: number;
}

/** The seconds a refusal's data says to wait, or null when it says none. */
export function retryAfterOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const seconds = (data as Partial<RetryAfterData>).retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** The catalogue id of a code or key, as written in locales/*.po. */
export function messageId(code: ErrorCode | MessageKey): string {
  return `err.${code}`;
}

export function refuse(code: ErrorCode | MessageKey, values?: MessageValues): Refusal {
  return values ? { code, values } : { code };
}
