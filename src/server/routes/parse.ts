/** Request bodies are parsed with zod; a body of the wrong shape answers 1001 and changes nothing. */
import type { z } from 'zod';
import { ErrorCode } from '../../shared/errors';
import { refused } from '../domain/refused';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw refused(ErrorCode.IncompleteParameters);
  return result.data;
}
