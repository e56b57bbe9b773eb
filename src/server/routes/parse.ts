/**
 * Request bodies are parsed with the contract's schema of their path; a body of the wrong shape
 * changes nothing and is refused with the spec's code of the field at fault, or 1001
 * (src/shared/api/fieldCodes.ts).
 */
import type { z } from 'zod';
import { apiContract } from '../../shared/api/contract';
import { refusalOfFields } from '../../shared/api/fieldCodes';
import type { ApiPath } from '../../shared/api/paths';
import { refusedFrom } from '../domain/refused';

export function parseBody<P extends ApiPath>(path: P, body: unknown): z.output<(typeof apiContract)[P]['request']> {
  const result = apiContract[path].request.safeParse(body ?? {});
  if (!result.success) {
    throw refusedFrom(
      refusalOfFields(
        path,
        result.error.issues.map((issue) => issue.path[0]),
      ),
    );
  }
  return result.data as z.output<(typeof apiContract)[P]['request']>;
}
