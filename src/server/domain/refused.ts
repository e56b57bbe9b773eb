/**
 * A refusal raised by a domain rule: the envelope code to answer, the catalogue entry whose text
 * becomes `info`, and optional data. Throwing it inside a transaction also rolls the work back.
 */
import { ErrorCode, MessageKey, type MessageValues, type Refusal, type RetryAfterData } from '../../shared/errors';

export class Refused extends Error {
  constructor(
    /** The envelope code. */
    readonly code: number,
    /** Which catalogue text explains it (usually the same code). */
    readonly messageId: ErrorCode | MessageKey,
    readonly values?: MessageValues,
    readonly data: unknown = null,
  ) {
    // A refusal is an answer, not a fault: nothing reads its stack, and capturing one took 13 % of
    // the server's CPU under a flood of refused orders.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`refused ${code}`);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'Refused';
  }
}

export function refused(code: ErrorCode, values?: MessageValues): Refused {
  return new Refused(code, code, values);
}

/** Too soon (2051): how many seconds until it is taken again, in the text and in `data`. */
export function refusedToWait(seconds: number): Refused {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  const data: RetryAfterData = { retryAfter };
  return new Refused(ErrorCode.SendingTooFrequently, ErrorCode.SendingTooFrequently, { seconds: retryAfter }, data);
}

/**
 * The shared rules may name a client-side message key (e.g. confirmError); on the wire a code must
 * be a number, so such keys answer their closest catalogue code while `info` keeps the key's text.
 */
const KEY_CODES: Partial<Record<MessageKey, ErrorCode>> = {
  [MessageKey.ConfirmError]: ErrorCode.PasswordsInconsistent,
  // The buy rules (src/shared/validation/game.ts) on the order path:
  [MessageKey.Stopped]: ErrorCode.NotBettingTime,
  [MessageKey.PleaseSelect]: ErrorCode.BetInfoEmpty,
  [MessageKey.OverSelectedTip]: ErrorCode.BetInfoEmpty,
  [MessageKey.InputCorrectTip]: ErrorCode.MinimumOrder,
  [MessageKey.MinBuy]: ErrorCode.OrderFailed,
  [MessageKey.NoEnoughMoney]: ErrorCode.TransferExceedsBalance,
};

export function refusedFrom(refusal: Refusal): Refused {
  if (typeof refusal.code === 'number') return new Refused(refusal.code, refusal.code, refusal.values);
  const code = KEY_CODES[refusal.code] ?? ErrorCode.IncompleteParameters;
  return new Refused(code, refusal.code, refusal.values);
}

/**
 * A refusal for load, not for the request: the server has no room for this work now and says so at
 * once (HTTP 503 with Retry-After, routes/errors.ts) instead of keeping the member waiting. Nothing
 * was changed, so trying again later is right.
 */
export class Overloaded extends Refused {
  constructor(
    code: ErrorCode,
    /** Seconds after which a retry has a fair chance. */
    readonly retryAfterSeconds: number,
  ) {
    super(code, code);
    this.name = 'Overloaded';
  }
}
