/**
 * The error catalogue of SPEC.md section 8 as a client relies on it: for every code, who says it
 * and where. A code the server answers names the path; the request that must produce it lives in
 * tests/server/error-conformance.test.ts, which sends it over HTTP on SQLite and PostgreSQL. A code
 * only the app says (before any call, or when no answer can be used) names the screen and the
 * action; tests/e2e/error-codes.e2e.ts shows each in a browser. The rest say why no request can
 * reach them. The codes this product adds (README "Error codes") are listed with the path that
 * answers each.
 */
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';

export type Conformance =
  /** Answered by the server on this path (the request: error-conformance.test.ts). */
  | { by: 'server'; path: string; note?: string }
  /** Said by the app alone: the screen and what the member does there. */
  | { by: 'client'; screen: string; action: string; alsoServer?: string }
  /** Never said: why. `instead` names the code said in its place, for the spec's pairs. */
  | { by: 'none'; why: string; instead?: ErrorCode };

/** The numbered codes of SPEC.md section 8, in its order. */
export const SPEC_CODES: readonly number[] = [
  1001, 1002, 1003, 1004, 1010, 1011, 1012, 1013, 1014, 1015, 1020, 1024, 1025, 1026, 1034, 1027, 1035, 1028, 1036,
  1029, 1037, 1030, 1038, 1031, 1040, 1032, 1049, 1033, 1051, 1039, 1041, 1042, 1044, 1043, 1045, 1046, 1047, 1048,
  1050, 1052, 1053, 1054, 1055, 1056, 1057, 1058, 1059, 1060, 1061, 1062, 1063, 1064, 1065, 1069, 2002, 2003, 2004,
  2050, 2051, 2052, 2053, 2054, 2055, 2056, 2057, 2058,
];

/** The spec lists these in pairs (one text, two numbers); each path answers the first, as the original did. */
const SECOND_OF_PAIR = 'the spec gives one text two numbers; every path answers the first of the pair';

export const CONFORMANCE: Record<number, Conformance> = {
  [ErrorCode.IncompleteParameters]: { by: 'server', path: ApiPath.financeFlow, note: 'a date that is no day' },
  [ErrorCode.UserNotFound]: { by: 'server', path: ApiPath.login },
  [ErrorCode.LoginPasswordWrong]: { by: 'server', path: ApiPath.login },
  [ErrorCode.NetworkErrorRefresh]: {
    by: 'client',
    screen: 'any screen reading from the server (the finance tiers)',
    action: 'an answer that does not match the contract arrives: nothing of it is shown',
    alsoServer: `${ApiPath.login}: one address past its login limit (10 a minute)`,
  },
  [ErrorCode.UsernameLettersDigits]: { by: 'server', path: ApiPath.register },
  [ErrorCode.PasswordLength]: { by: 'server', path: ApiPath.register },
  [ErrorCode.PasswordsInconsistent]: { by: 'server', path: ApiPath.register },
  [ErrorCode.AccountRegistered]: { by: 'server', path: ApiPath.register },
  [ErrorCode.RegistrationFailed]: {
    by: 'none',
    why: 'a taken name is 1013 and a taken phone 2052; any other failure of the insert is a fault (2002), never a busy system',
  },
  [ErrorCode.PasswordAlphanumeric]: { by: 'server', path: ApiPath.register },
  [ErrorCode.TradingStopped]: { by: 'server', path: ApiPath.order, note: 'a room the operator closed' },
  [ErrorCode.MinimumOrder]: { by: 'server', path: ApiPath.order },
  [ErrorCode.WithdrawOverLimit]: { by: 'server', path: ApiPath.withdraw },
  [ErrorCode.RoomNumberEmpty]: { by: 'server', path: ApiPath.gameInfo, note: 'every path with a roomid' },
  [ErrorCode.RoomNumberEmpty2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.RoomNumberEmpty },
  [ErrorCode.PeriodEmpty]: { by: 'server', path: ApiPath.current, note: 'and getRound' },
  [ErrorCode.PeriodEmpty2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.PeriodEmpty },
  [ErrorCode.NoActiveActivity]: { by: 'server', path: ApiPath.current, note: 'a round number that is none' },
  [ErrorCode.NoActiveActivity2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.NoActiveActivity },
  [ErrorCode.NotBettingTime]: { by: 'server', path: ApiPath.order, note: 'the last 60 s of a round' },
  [ErrorCode.NotBettingTime2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.NotBettingTime },
  [ErrorCode.BetInfoEmpty]: { by: 'server', path: ApiPath.order },
  [ErrorCode.BetInfoEmpty2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.BetInfoEmpty },
  [ErrorCode.OrderFailed]: { by: 'server', path: ApiPath.order, note: "below the room's minimum order" },
  [ErrorCode.OrderFailed2]: {
    by: 'server',
    path: ApiPath.order,
    note: 'the pair split by cause: 1031 the total below the minimum, 1040 a line at a rate the room no longer has',
  },
  [ErrorCode.BankCardNotFound]: { by: 'server', path: ApiPath.deleteBankCard, note: 'and withdraw' },
  [ErrorCode.BankCardNotFound2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.BankCardNotFound },
  [ErrorCode.PaymentPasswordWrong]: { by: 'server', path: ApiPath.withdraw, note: 'and addbankcard' },
  [ErrorCode.PaymentPasswordWrong2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.PaymentPasswordWrong },
  [ErrorCode.OperationSuccessful]: { by: 'server', path: ApiPath.endOtherSessions, note: "a write's info, code 1" },
  [ErrorCode.OrderNotFound]: {
    by: 'none',
    why: 'the cancel of an order that is none answers 2003, as the spec says the cancel fails (section 4)',
    instead: ErrorCode.CancelFailed,
  },
  [ErrorCode.TransferAmountPositive]: {
    by: 'none',
    why: 'no call moves money into a mining tier (display only): the transfer page refuses the amount with its own message before offering the service link',
  },
  [ErrorCode.TransferAmountPositive2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.TransferAmountPositive },
  [ErrorCode.TransferExceedsBalance]: { by: 'server', path: ApiPath.order, note: 'stakes above the balance' },
  [ErrorCode.TransferExceedsBalance2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.TransferExceedsBalance },
  [ErrorCode.AddOnceOnly]: { by: 'server', path: ApiPath.addBankCard, note: 'a sixth account' },
  [ErrorCode.BankCardAddFailed]: {
    by: 'none',
    why: 'the one way adding fails is the same account twice, which says so (3003)',
    instead: ErrorCode.AccountAlreadySaved,
  },
  [ErrorCode.OnceOnlyContactService]: { by: 'server', path: ApiPath.withdraw, note: 'the daily limit, named' },
  [ErrorCode.WrongAmount]: { by: 'server', path: ApiPath.withdraw },
  [ErrorCode.GameNotFound]: { by: 'server', path: ApiPath.current, note: 'a game type that is none' },
  [ErrorCode.GameNotFound2]: { by: 'none', why: SECOND_OF_PAIR, instead: ErrorCode.GameNotFound },
  [ErrorCode.FirstActivityRetry]: {
    by: 'none',
    why: 'the scheduler opens a round before a room serves; a room without one answers 1028',
    instead: ErrorCode.NoActiveActivity,
  },
  [ErrorCode.RoundRise]: {
    by: 'none',
    why: "not a refusal: a drawn round's outcome is named in the member's language from its number",
  },
  [ErrorCode.RoundFall]: {
    by: 'none',
    why: "not a refusal: a drawn round's outcome is named in the member's language from its number",
  },
  [ErrorCode.RoomNotFound]: { by: 'server', path: ApiPath.gameInfo },
  [ErrorCode.PaymentPasswordLength]: { by: 'server', path: ApiPath.register, note: 'and paypwd' },
  [ErrorCode.OldPasswordWrong]: { by: 'server', path: ApiPath.changeLoginPassword },
  [ErrorCode.NetworkError]: {
    by: 'client',
    screen: 'any write (a withdrawal account added)',
    action: 'the request gets no answer (the network drops): the same attempt may be sent again',
  },
  [ErrorCode.LoginPasswordLength]: { by: 'server', path: ApiPath.login },
  [ErrorCode.LoginInvalid]: { by: 'server', path: ApiPath.userInfo, note: 'envelope 409 on every member path' },
  [ErrorCode.ReferralCodeWrong]: { by: 'server', path: ApiPath.register },
  [ErrorCode.InsufficientTurnover]: { by: 'server', path: ApiPath.withdraw },
  [ErrorCode.EnterAddress]: { by: 'server', path: ApiPath.addBankCard },
  [ErrorCode.AccountFrozen]: { by: 'server', path: ApiPath.userInfo, note: 'envelope 403 on every member path' },
  [ErrorCode.UnknownError]: {
    by: 'none',
    why: 'no request reaches it: only a fault of the server (tests/server/faults.test.ts); the app says it for a failure it cannot name',
  },
  [ErrorCode.CancelFailed]: { by: 'server', path: ApiPath.gameCancel },
  [ErrorCode.BalanceBelowMinJoin]: { by: 'server', path: ApiPath.gameInfo, note: "below the room's minimum to join" },
  [ErrorCode.EnterPhoneCorrectly]: { by: 'server', path: ApiPath.smsSend },
  [ErrorCode.SendingTooFrequently]: { by: 'server', path: ApiPath.smsSend },
  [ErrorCode.PhoneRegistered]: { by: 'server', path: ApiPath.smsSend },
  [ErrorCode.CaptchaWrong]: { by: 'server', path: ApiPath.register },
  [ErrorCode.CaptchaExpired]: { by: 'server', path: ApiPath.register },
  [ErrorCode.NotVip]: { by: 'server', path: ApiPath.gameInfo },
  [ErrorCode.ContactServiceForDeposit]: {
    by: 'client',
    screen: 'the recharge page (/recharge)',
    action: 'opening it: deposits go through customer service',
  },
  [ErrorCode.WithdrawPasswordEmpty]: { by: 'server', path: ApiPath.withdraw },
  [ErrorCode.SelectWithdrawMethod]: { by: 'server', path: ApiPath.withdraw },
};

/** The codes this product adds (README "Error codes") and the path that answers each. */
export const ADDED_CODES: Record<number, { path: string; testedIn: string }> = {
  [ErrorCode.TooManyTries]: { path: ApiPath.login, testedIn: 'tests/server/guessing.test.ts' },
  [ErrorCode.RoundNotDrawn]: { path: ApiPath.getRound, testedIn: 'tests/server/error-conformance.test.ts' },
  [ErrorCode.AccountAlreadySaved]: { path: ApiPath.addBankCard, testedIn: 'tests/server/error-conformance.test.ts' },
  [ErrorCode.PhoneNotRegistered]: { path: ApiPath.smsSend, testedIn: 'tests/server/password-reset.test.ts' },
  [ErrorCode.ServerBusy]: { path: ApiPath.login, testedIn: 'tests/server/password-pool.test.ts' },
  [ErrorCode.LoginSlowedDown]: { path: ApiPath.login, testedIn: 'tests/server/guessing.test.ts' },
  [ErrorCode.AccountOnHold]: { path: ApiPath.withdraw, testedIn: 'tests/server/error-conformance.test.ts' },
  [ErrorCode.NoPhoneOnFile]: { path: ApiPath.smsSend, testedIn: 'tests/server/withdraw-guards.test.ts' },
  [ErrorCode.SmsUnavailable]: { path: ApiPath.smsSend, testedIn: 'tests/server/sms-send.test.ts' },
  [ErrorCode.AddressChecksum]: { path: ApiPath.addBankCard, testedIn: 'tests/server/error-conformance.test.ts' },
  [ErrorCode.WithdrawalNotCancellable]: {
    path: ApiPath.cancelWithdrawal,
    testedIn: 'tests/server/error-conformance.test.ts',
  },
  [ErrorCode.StakeLimitReached]: { path: ApiPath.order, testedIn: 'tests/server/play-limits.test.ts' },
  [ErrorCode.LossLimitReached]: { path: ApiPath.order, testedIn: 'tests/server/play-limits.test.ts' },
  [ErrorCode.DepositLimitReached]: { path: 'admin credit', testedIn: 'tests/server/admin-play.test.ts' },
  [ErrorCode.PlayPaused]: { path: ApiPath.order, testedIn: 'tests/server/play-limits.test.ts' },
  [ErrorCode.TooManyStreams]: { path: '/api/live/room/:roomid', testedIn: 'tests/server/live-room.test.ts' },
  [ErrorCode.LedgerNotSigned]: { path: ApiPath.ledgerLiability, testedIn: 'tests/server/ledger-heads.test.ts' },
  [ErrorCode.PushEndpointRefused]: { path: ApiPath.pushSubscribe, testedIn: 'tests/server/push.test.ts' },
  [ErrorCode.PushUnavailable]: { path: ApiPath.pushSubscribe, testedIn: 'tests/server/error-conformance.test.ts' },
};
