/**
 * The contract (SPEC.md section 7): for every path, the schema of the request body and of the
 * `data` a success answers (envelope.ts), joined from the parts each domain file keeps beside its
 * schemas. The server parses requests with these (routes/parse.ts); the app parses every answer at
 * the door (client/api/answers.ts) and loads only the part a path belongs to, when it first calls
 * it: zod builds each schema as its module runs, which on a slow phone took 200 ms for the whole
 * contract, and the first screen needs a few of its schemas. Schemas strip keys they do not name: every
 * body also carries `lang` and `token`, and an app still running an older version takes an answer
 * a newer server added fields to (DESIGN.md section 1: additions are extra fields). That the
 * server sends no key its schema does not name is checked by tests/server/contract.test.ts.
 */
import { accountCalls } from './accounts';
import { contentCalls } from './content';
import type { CALLS, CallName, ContractPart } from './calls';
import type { CallSchemas } from './fields';
import type { z } from 'zod';
import { gameCalls } from './game';
import { ledgerCalls } from './ledger';
import { pushCalls } from './push';
import { liveCalls } from './live';
import { messageCalls } from './messages';
import type { ApiPath } from './paths';
import { playCalls } from './play';
import { walletCalls } from './wallet';

/** Each part by name (the call table names the part of each call). */
export const contractParts = {
  accounts: accountCalls,
  content: contentCalls,
  game: gameCalls,
  wallet: walletCalls,
  messages: messageCalls,
  play: playCalls,
  live: liveCalls,
  ledger: ledgerCalls,
  push: pushCalls,
} satisfies Record<ContractPart, unknown>;

export const apiContract = {
  ...accountCalls,
  ...contentCalls,
  ...gameCalls,
  ...walletCalls,
  ...messageCalls,
  ...playCalls,
  ...liveCalls,
  ...ledgerCalls,
  ...pushCalls,
} as const satisfies Record<ApiPath, CallSchemas>;

// Compile-time check: the contract names exactly the paths of paths.ts.
type MissingPaths = Exclude<ApiPath, keyof typeof apiContract>;
type ExtraPaths = Exclude<keyof typeof apiContract, ApiPath>;
/** @public Read by the compiler only. */
export const contractCoversAllPaths: [MissingPaths, ExtraPaths] extends [never, never] ? true : never = true;

// Compile-time check: every call is in the part the call table names for it.
type Misplaced = {
  [N in CallName]: (typeof CALLS)[N]['path'] extends keyof (typeof contractParts)[(typeof CALLS)[N]['part']]
    ? never
    : N;
}[CallName];
/** @public Read by the compiler only. */
export const partsNameEveryPath: [Misplaced] extends [never] ? true : never = true;

// Compile-time check: every field the call table gives a code of its own is a field of the call's request.
type FieldsOf<N extends CallName> = (typeof CALLS)[N] extends { fields: readonly (readonly [infer F, unknown])[] }
  ? F
  : never;
type UnknownFields = {
  [N in CallName]: Exclude<FieldsOf<N>, keyof z.input<(typeof apiContract)[(typeof CALLS)[N]['path']]['request']>>;
}[CallName];
/** @public Read by the compiler only. */
export const fieldsAreRequestFields: [UnknownFields] extends [never] ? true : never = true;
