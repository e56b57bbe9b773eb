/**
 * The wallet: withdrawal accounts, the withdrawable amount, withdrawals and the fund log. Rules
 * live in the domain (validateBankCard, validateWithdraw); these schemas only keep junk small.
 */
import { z } from '../zod';
import { BANK_CARD_TYPES, FUND_REASONS, WITHDRAWAL_STATUSES } from './enums';
import {
  filledTextField,
  idField,
  numberField,
  textField,
  usd,
  whole,
  type Calls,
  NoFieldsSchema,
  NoDataSchema,
} from './fields';
import { ApiPath } from './paths';

export const BankCardTypeSchema = z.enum(BANK_CARD_TYPES);

export const BankCardSchema = z.object({
  id: whole,
  type: BankCardTypeSchema,
  bank: z.string(),
  account: z.string(),
  username: z.string(),
  branch: z.string(),
  address: z.string(),
  /** Epoch ms when it was added. */
  addedAt: whole,
  /** Epoch ms from when withdrawals to it are taken (NEW_ACCOUNT_HOLD_HOURS after it was added). */
  availableAt: whole,
});

// Generous bounds: the rules (validateBankCard) decide which of the account's fields its type needs.
export const AddBankCardRequestSchema = z.object({
  type: BankCardTypeSchema,
  bank: textField(100).optional(),
  account: textField(64).optional(),
  username: textField(100).optional(),
  branch: textField(100).optional(),
  address: textField(128).optional(),
  /** Addition: the withdrawal password; an account is added only by who knows it (2057 without). */
  pwd: filledTextField(128),
});

/**
 * Addition: every withdrawal account the member added, newest first, deleted ones too, so the
 * member is told of each (the messages page), even of one deleted since.
 */
export const AddedAccountSchema = z.object({
  id: whole,
  type: BankCardTypeSchema,
  /** The last four characters of the account number or address. */
  ending: z.string(),
  /** Epoch ms: when it was added, from when withdrawals to it are taken, when it was deleted (null: still saved). */
  addedAt: whole,
  availableAt: whole,
  removedAt: whole.nullable(),
});

/**
 * Addition: an operator's credit to the member (newest first), so the member is told of each (the
 * messages page): the amount and the reference the operator gave it.
 */
export const DepositItemSchema = z.object({
  /** The fund-log row of the credit. */
  id: whole,
  money: usd,
  /** The operator's reference ('' when none). */
  reference: z.string(),
  /** Epoch ms. */
  time: whole,
});

export const DeleteBankCardRequestSchema = z.object({ id: idField });

/**
 * Each field missing, empty or of the wrong type has its own code (fieldCodes.ts): no account
 * chosen 2058, the amount 1050, the withdrawal password 2057.
 */
export const WithdrawRequestSchema = z.object({
  bank_id: idField,
  money: numberField,
  pwd: filledTextField(128),
  idempotencyKey: z.string().min(1).max(128).optional(),
});

/** Addition: a pending withdrawal of the member's, to cancel (3012 for any other). */
export const CancelWithdrawalRequestSchema = z.object({ id: idField });

/** A withdrawal request taken (held until the operator pays or rejects it). */
export const WithdrawAnswerSchema = z.literal(1);

export const LeftMoneyAnswerSchema = z.object({
  /** What the member may withdraw now (USD): src/shared/withdrawable.ts, never negative. */
  leftmoney: usd,
  /** Stakes still needed since the last deposit before a withdrawal is allowed (USD); 0 when none. */
  turnoverRemaining: usd,
  /** Withdrawals asked for and not yet paid or rejected (USD): already out of the balance. */
  pendingWithdrawals: usd,
  /** Whether a withdrawal password is set (the page sends the member to set one otherwise). */
  hasPayPassword: z.boolean(),
});

/** The member's own withdrawals, newest first, a page at a time (addition: README, "Withdrawal status"). */
export const WithdrawalsRequestSchema = z.object({
  /** Paging: withdrawals older than this id. */
  before: idField.optional(),
  /** Page size, at most 100 (default 20). */
  limit: idField.optional(),
});

export const WithdrawalItemSchema = z.object({
  id: whole,
  /** USD. */
  money: usd,
  type: BankCardTypeSchema,
  /** The destination as it was when asked for, masked: the bank and last digits, or the ends of an address. */
  account: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The operator's note on the decision: a reference of the payment, or why it was rejected ('' when none). */
  note: z.string(),
  /** Epoch ms when it was asked for, and when the operator decided or the member cancelled (null while pending). */
  time: whole,
  decidedAt: whole.nullable(),
});

/** Dates that do not read as days, a reversed or too long range, or a limit past 200 are refused by the rules. */
export const FinanceFlowRequestSchema = z.object({
  /** YYYY-MM-DD, inclusive, in the server's day (UTC+8, as rounds' sequence numbers). */
  start: z
    .string()
    .max(32)
    .refine((value) => value.trim() !== ''),
  end: z
    .string()
    .max(32)
    .refine((value) => value.trim() !== ''),
  /** Paging: rows older than this id (newest first). */
  before: idField.optional(),
  /** Page size, at most 200 (default 50). */
  limit: idField.optional(),
});

export const FundReasonCodeSchema = z.enum(FUND_REASONS);

export const FundLogEntrySchema = z.object({
  id: whole,
  /** Epoch seconds. */
  time: whole,
  /** 1 = increase, otherwise decrease. */
  type: whole,
  /** The amount of the change (USD, positive; its sign is `type`). */
  money: usd,
  before: usd,
  after: usd,
  /** The reason in the request's language. */
  reason: z.string(),
  /**
   * One of FUND_REASONS; a reason a newer server adds is still a row, which an older app shows in
   * the server's words (`reason`), so the app reads any text here.
   */
  reasonCode: z.union([FundReasonCodeSchema, z.string().min(1)]),
  /**
   * What the row belongs to, as one language-neutral line: the round's sequence number, the masked
   * account of a withdrawal, the operator's note or the deposit's reference ('' when none). Never an
   * internal tag or id; the app draws `detail` in the member's language instead.
   */
  ref: z.string(),
  /** Addition: the parts of `ref`, each '' (or null) when the row has none. */
  detail: z.object({
    /** The round's sequence number (stakes, payouts, cancelled orders). */
    round: z.string(),
    /** The outcome (0-10) of a cancelled order's line. */
    outcome: whole.nullable(),
    /** A withdrawal's destination, masked (shared/accountMask.ts). */
    account: z.string(),
    /** The operator's note on a rejected withdrawal, or the reference of a deposit. */
    note: z.string(),
  }),
});

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const walletCalls = {
  [ApiPath.bankCardList]: { request: NoFieldsSchema, data: z.array(BankCardSchema) },
  [ApiPath.deleteBankCard]: { request: DeleteBankCardRequestSchema, data: NoDataSchema },
  [ApiPath.addBankCard]: { request: AddBankCardRequestSchema, data: BankCardSchema },
  [ApiPath.addedAccounts]: { request: NoFieldsSchema, data: z.array(AddedAccountSchema) },
  [ApiPath.deposits]: { request: NoFieldsSchema, data: z.array(DepositItemSchema) },
  [ApiPath.withdraw]: { request: WithdrawRequestSchema, data: WithdrawAnswerSchema },
  [ApiPath.leftMoney]: { request: NoFieldsSchema, data: LeftMoneyAnswerSchema },
  [ApiPath.withdrawals]: { request: WithdrawalsRequestSchema, data: z.array(WithdrawalItemSchema) },
  [ApiPath.cancelWithdrawal]: { request: CancelWithdrawalRequestSchema, data: NoDataSchema },
  [ApiPath.financeFlow]: { request: FinanceFlowRequestSchema, data: z.array(FundLogEntrySchema) },
} as const satisfies Calls;
