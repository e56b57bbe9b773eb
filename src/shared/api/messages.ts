/**
 * Messages about the member's own account (/message): what the member has read of them. The
 * messages are made from the rows they tell of (a withdrawal the operator paid or rejected); the
 * server keeps one read marker per member, so every device of the member shows the same unread
 * count (additions: README, "Messages").
 */
import { z } from '../zod';
import { epochMsField, whole, type Calls, NoFieldsSchema } from './fields';
import { ApiPath } from './paths';

export const MessageReadsSchema = z.strictObject({
  /** Epoch ms: the messages up to this moment have been seen (0 when none has). */
  readUpTo: whole,
  /** The messages about the member's account newer than that. */
  unread: whole,
});

/**
 * The member has seen the messages up to `upTo` (epoch ms, the time of the newest one shown). The
 * marker only moves forward and never past the server's clock.
 */
export const ReadMessagesRequestSchema = z.object({ upTo: epochMsField });

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const messageCalls = {
  [ApiPath.messageReads]: { request: NoFieldsSchema, data: MessageReadsSchema },
  [ApiPath.readMessages]: { request: ReadMessagesRequestSchema, data: MessageReadsSchema },
} as const satisfies Calls;
