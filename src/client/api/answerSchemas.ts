/** The answer schemas as the app loads them, a chunk of their own (answers.ts). */
// First: zod must be told not to compile parsers before the contract defines its schemas.
import './zodWithoutEval';

export { apiContract } from '../../shared/api/contract';
