/**
 * Notifications a member asked for (additions to the contract; issue 47, src/shared/push.ts): the
 * server's VAPID public key (RFC 8292), a device's subscription with the kinds it asked for (one per
 * session: a device's subscription ends with its session), and removing one. The security page
 * lists each session's subscription (SessionItem.push).
 */
import { z } from '../zod';
import { PUSH_KINDS } from '../push';
import { idField, NoDataSchema, NoFieldsSchema, type Calls } from './fields';
import { ApiPath } from './paths';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const PushKeyAnswerSchema = z.strictObject({
  /** The server's VAPID public key (uncompressed P-256 point, base64url); '' when notifications are off here. */
  publicKey: z.string(),
});

export const PushSubscribeRequestSchema = z.object({
  /** The push service's URL for this device (PushSubscription.endpoint). */
  endpoint: z.string().min(1).max(1_000),
  /** The device's P-256 key and auth secret (PushSubscription.getKey, base64url). */
  p256dh: base64url(86, 88),
  auth: base64url(22, 24),
  /** What the member asked for on this device. */
  kinds: z
    .array(z.enum(PUSH_KINDS))
    .min(1)
    .max(PUSH_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length),
});

export const PushSubscribeAnswerSchema = z.strictObject({ id: z.number().int() });

export const PushUnsubscribeRequestSchema = z.object({
  /** A subscription of the member's (the security page's remove); this device's when left out. */
  id: idField.optional(),
});

/** A session's subscription as the security page lists it. */
export const SessionPushSchema = z.strictObject({
  id: z.number().int(),
  kinds: z.array(z.enum(PUSH_KINDS)),
});

export const pushCalls = {
  [ApiPath.pushKey]: { request: NoFieldsSchema, data: PushKeyAnswerSchema },
  [ApiPath.pushSubscribe]: { request: PushSubscribeRequestSchema, data: PushSubscribeAnswerSchema },
  [ApiPath.pushUnsubscribe]: { request: PushUnsubscribeRequestSchema, data: NoDataSchema },
} satisfies Calls;
