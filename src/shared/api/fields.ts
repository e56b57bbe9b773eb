/**
 * zod pieces of request and answer fields. In requests, ids and amounts are numbers on the wire;
 * numeric strings are accepted too, as form-encoded clients of this API family send them.
 */
import { z } from '../zod';
import type { ApiPath } from './paths';

const MAX_ID = 2_147_483_647;

export const idField = z.union([
  z.number().int().min(0).max(MAX_ID),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_ID)),
]);

/** In requests: a moment in epoch ms (a whole number; a numeric string is accepted too). */
export const epochMsField = z.union([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

export const numberField = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d{1,15}(\.\d{1,10})?$/)
    .transform(Number),
]);

export const textField = (max: number) => z.union([z.string().max(max), z.number().transform(String)]);

/** A text field that must hold something: missing, empty or blank is refused (with its code, fieldCodes.ts). */
export const filledTextField = (max: number) => textField(max).refine((value) => value.trim() !== '');

/** A path that reads nothing of its body but the `lang` and `token` every request carries. */
export const NoFieldsSchema = z.object({});

/** In answers: an amount in USD with at most two decimals (see money.ts). */
export const usd = z.number();

/** In answers: a row id, a count, or a time in epoch seconds (or ms where said). */
export const whole = z.number().int();

/** Words or a picture per language (LocalizedText); an empty one stands for the English. */
export const localizedText = z.object({
  vi: z.string(),
  'zh-CN': z.string(),
  'zh-TW': z.string(),
  en: z.string(),
});

/** Paths that answer no data: a success is the envelope alone. */
export const NoDataSchema = z.null();

/** A path's schemas: the request body and the `data` a success answers (envelope.ts). */
export interface CallSchemas {
  request: z.ZodType;
  data: z.ZodType;
}

/** A part of the contract: the calls of one domain file. */
export type Calls = Partial<Record<ApiPath, CallSchemas>>;
