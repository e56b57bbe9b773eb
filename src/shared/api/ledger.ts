/**
 * The signed ledger (additions to the contract; docs/ledger.md): the published heads of the fund
 * log's periods (getLedgerHeads) and the keys that signed them (getLedgerKeys), anyone's to read;
 * a member's proof that one of their fund-log rows is in a signed period (getLedgerProof), and
 * that their balance at a head is counted in what the operator owes (getLedgerLiability). Bytes
 * are hex; money is whole cents here, as the proofs hash them. A row not the member's, or not in a
 * closed period yet, and a head the member holds no balance at, are refused alike with 3018.
 */
import { z } from '../zod';
import { idField, whole, type Calls } from './fields';
import { ApiPath } from './paths';

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
const hash = hex(32);

export const LedgerHeadSchema = z.strictObject({
  seq: whole,
  /** The server day it was closed in (days since 1970-01-01, UTC+8). */
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

export const LedgerProofRequestSchema = z.object({ id: idField });

export const LedgerProofAnswerSchema = z.strictObject({
  row: LedgerRowSchema,
  head: LedgerHeadSchema,
  index: whole,
  path: z.array(hash),
});

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
  [ApiPath.ledgerProof]: { request: LedgerProofRequestSchema, data: LedgerProofAnswerSchema },
  [ApiPath.ledgerLiability]: { request: LedgerLiabilityRequestSchema, data: LedgerLiabilityAnswerSchema },
} satisfies Calls;
