/**
 * The signed ledger (additions to the contract; docs/ledger.md): the published heads of the fund
 * log's periods (getLedgerHeads) and the keys that signed them (getLedgerKeys), anyone's to read;
 * a member's proof that their fund-log rows are in signed periods (getLedgerProof, a page of rows
 * at a time), and that their balance at a head is counted in what the operator owes
 * (getLedgerLiability). Bytes are hex; money is whole cents here, as the proofs hash them. A row
 * not the member's and a row not in a closed period yet are left out of the proofs alike; a head
 * the member holds no balance at is refused with 3018.
 */
import { z } from '../zod';
import { idField, whole, type Calls } from './fields';
import { ApiPath } from './paths';

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
const hash = hex(32);

export const LedgerHeadSchema = z.strictObject({
  seq: whole,
  /** The server day the period ends in (days since 1970-01-01, UTC+8): the day that ended, for a day's end close. */
  day: whole,
  closedAt: whole,
  firstRowId: whole,
  lastRowId: whole,
  rowCount: whole,
  root: hash,
  liabilitiesRoot: hash,
  liabilitiesCents: whole,
  liabilitiesCount: whole,
  previousHash: hash,
  keyId: hash,
  headHash: hash,
  signature: hex(64),
});

export const LedgerHeadsRequestSchema = z.object({
  /** 1, 2, ...: newest first. */
  page: idField.optional(),
  size: idField.optional(),
});

export const LedgerHeadsAnswerSchema = z.strictObject({
  heads: z.array(LedgerHeadSchema),
  total: whole,
});

export const LedgerKeySchema = z.strictObject({
  keyId: hash,
  publicKey: hash,
  /** The key before it, and its signature of this key's handover (docs/ledger.md); null for the first. */
  previousKeyId: hash.nullable(),
  handover: hex(64).nullable(),
  fromSeq: whole,
});

export const LedgerRowSchema = z.strictObject({
  id: whole,
  memberId: whole,
  createdAt: whole,
  reason: z.string(),
  amountCents: whole,
  afterCents: whole,
  refType: z.string(),
  refId: z.string(),
});

/** The most rows one proof call asks about: a page of the fund log. */
export const LEDGER_PROOF_BATCH = 50;

export const LedgerProofRequestSchema = z.object({ ids: z.array(idField).min(1).max(LEDGER_PROOF_BATCH) });

export const LedgerProofSchema = z.strictObject({
  row: LedgerRowSchema,
  head: LedgerHeadSchema,
  index: whole,
  path: z.array(hash),
});

/** The proofs of the rows asked about that are the member's and signed; the others are left out alike. */
export const LedgerProofsAnswerSchema = z.strictObject({ proofs: z.array(LedgerProofSchema) });

export const LedgerLiabilityRequestSchema = z.object({ seq: idField });

export const LedgerLiabilityAnswerSchema = z.strictObject({
  head: LedgerHeadSchema,
  memberId: whole,
  salt: hash,
  balanceCents: whole,
  index: whole,
  path: z.array(z.strictObject({ hash, sum: whole })),
});

export const ledgerCalls = {
  [ApiPath.ledgerHeads]: { request: LedgerHeadsRequestSchema, data: LedgerHeadsAnswerSchema },
  [ApiPath.ledgerKeys]: { request: z.object({}), data: z.array(LedgerKeySchema) },
  [ApiPath.ledgerProof]: { request: LedgerProofRequestSchema, data: LedgerProofsAnswerSchema },
  [ApiPath.ledgerLiability]: { request: LedgerLiabilityRequestSchema, data: LedgerLiabilityAnswerSchema },
} satisfies Calls;
