/**
 * A member's devices' subscriptions (issue 47): one per session, the kinds it asked for and the
 * language its notifications are said in; the push services a device may name are the operator's
 * list (PUSH_SERVICE_HOSTS), so a subscription never makes the server call anywhere else.
 */
import type { PushSubscribeRequest, SessionPush } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import type { Locale } from '../../../shared/locale';
import type { Db, PushSubscriptionRow } from '../../db/schema';
import { deleteSubscription, putSubscription } from '../../repositories/pushSubscriptions';
import type { Authenticated } from '../accounts/sessions';
import { refused } from '../refused';
import { kindsOf } from './notifier';

/** Whether `endpoint` is an https:// URL of one of `hosts` (a host, or `*.domain` for its subdomains). */
export function isPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.host.toLowerCase();
  return hosts.some((allowed) => {
    const name = allowed.toLowerCase();
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name;
  });
}

export async function subscribe(
  db: Db,
  auth: Authenticated,
  request: PushSubscribeRequest,
  lang: Locale,
  settings: { enabled: boolean; serviceHosts: readonly string[]; now: number },
): Promise<{ id: number }> {
  if (!settings.enabled) throw refused(ErrorCode.PushUnavailable);
  if (!isPushService(request.endpoint, settings.serviceHosts)) throw refused(ErrorCode.PushEndpointRefused);
  const id = await putSubscription(db, {
    member_id: auth.member.id,
    session_hash: auth.tokenHash,
    endpoint: request.endpoint,
    p256dh: request.p256dh,
    auth: request.auth,
    kinds: request.kinds.join(','),
    lang,
    created_at: settings.now,
  });
  return { id };
}

/** A subscription of the member's by id, or this session's. */
export async function unsubscribe(db: Db, auth: Authenticated, id: number | undefined): Promise<void> {
  await deleteSubscription(db, auth.member.id, id === undefined ? { sessionHash: auth.tokenHash } : { id });
}

/** A subscription as the security page lists it beside its session. */
export function sessionPush(row: PushSubscriptionRow | undefined): SessionPush | null {
  return row ? { id: row.id, kinds: kindsOf(row) } : null;
}
