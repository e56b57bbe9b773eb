/**
 * Notifications a member asked for (Web Push; issue 47): the kinds a device may ask for, and what a
 * push carries once decrypted (RFC 8291) by the service worker. The server says everything in the
 * member's language (the subscription's), so the worker shows the payload as it is.
 */
import { z } from './zod';
import { LOCALES } from './locale';

/**
 * A round's result the member played (won, lost or even, with the net); a withdrawal paid or
 * refused; a play limit reached; a cool-off or exclusion ended.
 */
export const PUSH_KINDS = ['result', 'withdrawal', 'limit', 'pause'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PushPayloadSchema = z.strictObject({
  kind: z.enum(PUSH_KINDS),
  lang: z.enum(LOCALES),
  title: z.string().max(120),
  body: z.string().max(400),
  /** The app's page the notification is about, opened (or focused) on a tap. */
  url: z.string().regex(/^\/[^/]/),
  /** A newer notification of the same tag replaces an older one (one per kind). */
  tag: z.string().max(64),
  /** A result's net in cents: positive won, negative lost, 0 even; null for other kinds. */
  net: z.number().int().nullable(),
});

export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** The tag of a kind's notifications: a newer one replaces the older on the device. */
export const pushTag = (kind: PushKind): string => `roundplay-${kind}`;
