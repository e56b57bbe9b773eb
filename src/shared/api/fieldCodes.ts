/**
 * Which refusal a request of the wrong shape gets (SPEC.md section 8): a field that is missing,
 * empty (an empty string or list, null) or of the wrong type answers the code the spec gives that
 * field, where it gives one ("room number empty" for a room id, "select withdrawal method" for an
 * account), the same code the shared rules (validation/) give it when its value is wrong; any other
 * field, and a body that is not an object, is 1001. Which fields have a code is the call table's
 * (calls.ts). The request schemas (contract.ts) say which
 * fields are required; the server turns their problems into a refusal here (routes/parse.ts), so no
 * route checks a field again.
 */
import { ErrorCode, refuse, type Refusal } from '../errors';
import { callOf, type FieldCode } from './calls';

/** A path's fields with a code of their own, in the order its rules check them (the call table's). */
const fieldsOf = (path: string) => callOf(path)?.fields;

/** The code of one field of a path's request; 1001 for a field without one of its own. */
export function fieldCode(path: string, field: string): FieldCode {
  return fieldsOf(path)?.find(([name]) => name === field)?.[1] ?? ErrorCode.IncompleteParameters;
}

/**
 * The refusal of a request whose schema found problems at these fields (the first key of each
 * problem's path; none for a body that is not an object): the first of the path's fields with a
 * code of its own, else 1001.
 */
export function refusalOfFields(path: string, fields: readonly PropertyKey[]): Refusal {
  const first = fieldsOf(path)?.find(([name]) => fields.includes(name));
  return refuse(first?.[1] ?? ErrorCode.IncompleteParameters);
}
