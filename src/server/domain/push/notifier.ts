/**
 * Sending the notifications members asked for (issue 47): told the same member news the live
 * streams are told (live/news.ts `announce`, on the instance that committed the change, so each
 * piece of news is sent once), it finds the subscriptions that asked for that kind and queues a
 * push to each, in the subscription's language. Nothing here is awaited by the change that made
 * the news: a draw of 10,000 members hands its news over and goes on; the queue sends a few at a
 * time. A push service answering 404 or 410 ends that subscription (the device unsubscribed).
 *
 * Payloads are encrypted by web-push (RFC 8291, aes128gcm); the VAPID header (RFC 8292) is signed
 * once per push service and kept for hours, not once per push.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { LiveNews } from '../live/bus';
import type { MemberEvent } from '../../../shared/api/types';
import { LOCALES, type Locale } from '../../../shared/locale';
import { PUSH_KINDS, type PushKind, type PushPayload } from '../../../shared/push';
import type { Db, PushSubscriptionRow } from '../../db/schema';
import type { Translator } from '../../i18n';
import { deleteSubscriptionAt, roundNets, subscriptionsOf } from '../../repositories/pushSubscriptions';
import { limitMessage, pauseEndedMessage, resultMessage, testMessage, withdrawalMessage } from './messages';
import { limitViews, playUsageOf } from '../play/overview';
import { pausesEndedBetween, playLimitsOf } from '../../repositories/play';
import { wireCents } from '../../../shared/money';
import type { PauseKind } from '../../../shared/play';
import type { VapidKey } from './vapidKey';

export interface PushSettings {
  key: VapidKey;
  /** VAPID_SUBJECT: the operator's contact, given to the push services. */
  subject: string;
  /** Pushes in flight at once (default 16). */
  concurrency?: number;
  /** How long a push service keeps a push for a device that is off (seconds; default a day). */
  ttlSeconds?: number;
  /** The TLS agent of the requests (tests trust their stand-in push service with it). */
  agent?: Agent;
}

/** What `announce` tells: the news of a committed change. */
export interface PushNews {
  tell(news: readonly LiveNews[]): void;
}

interface Log {
  warn(object: object, message: string): void;
}

const MEMBER_CHANNEL = /^member:(\d+)$/;
/** Balance changes that count against a limit (stakes, deposits); a settled round counts its losses. */
const LIMITED_REASONS: ReadonlySet<string> = new Set(['stake', 'deposit']);
/** A VAPID header is valid 12 hours and renewed after 11. */
const VAPID_VALID_S = 12 * 3600;
const VAPID_RENEW_MS = 11 * 3600 * 1000;
/** Rounds told per member remembered (at most one result notification per round per member). */
const TOLD_KEPT = 100_000;
/** How long news must stop coming before it is read, and the longest it waits all the same (ms). */
const QUIET_MS = 200;
const MAX_WAIT_MS = 2_000;

function isResetConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

export function kindsOf(row: Pick<PushSubscriptionRow, 'kinds'>): PushKind[] {
  return row.kinds.split(',').filter((kind): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind));
}

const localeOf = (lang: string): Locale => ((LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'en');

interface RoundTold {
  roundId: number;
  seqno: string;
  roomId: number;
}

export class PushNotifier implements PushNews {
  /** Pushes handed to their push service (accepted), ended subscriptions (404 or 410), and other failures. */
  readonly counts = { delivered: 0, gone: 0, failed: 0 };
  private readonly jobs: (() => Promise<void>)[] = [];
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly told = new Set<string>();
  private readonly vapidHeaders = new Map<string, { authorization: string; renewAt: number }>();
  private pausesSeenUpTo: number | null = null;
  /** News read later (afterNews), and since when it has waited. */
  private readonly news: (() => Promise<void>)[] = [];
  private newsSince: number | null = null;
  private quiet: NodeJS.Timeout | null = null;
  /** Members whose play moved since their limits were last read, and whether that read is queued. */
  private readonly played = new Set<number>();
  private limitsAsked = false;

  constructor(
    private readonly db: Db,
    private readonly translator: Translator,
    private readonly settings: PushSettings,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  get publicKey(): string {
    return this.settings.key.publicKey;
  }

  tell(news: readonly LiveNews[]): void {
    const results = new Map<number, RoundTold>();
    const withdrawals: { memberId: number; id: number; status: 'paid' | 'rejected'; amountCents: number }[] = [];
    for (const { channel, event: told } of news) {
      const member = MEMBER_CHANNEL.exec(channel);
      if (!member) continue;
      // A member's channel carries the member's events (live/news.ts).
      const event = told as MemberEvent;
      const memberId = Number(member[1]);
      // Their play moved (a stake, a settled round, a deposit): a limit may be used up now.
      if (event.type === 'settled' || (event.type === 'balance' && LIMITED_REASONS.has(event.reason))) {
        this.played.add(memberId);
      }
      if (event.type === 'settled' && event.lines.length > 0) {
        const key = `${memberId}:${event.roundId}`;
        if (this.told.has(key)) continue;
        this.remember(key);
        results.set(memberId, { roundId: event.roundId, seqno: event.seqno, roomId: event.lines[0].roomid });
      } else if (event.type === 'withdrawal') {
        withdrawals.push({ memberId, id: event.id, status: event.status, amountCents: wireCents(event.amount) });
      }
    }
    if (results.size > 0) this.afterNews(() => this.tellResults(results));
    // Every order tells of a stake: the members are gathered and read together, one job at a time.
    if (this.played.size > 0 && !this.limitsAsked) {
      this.limitsAsked = true;
      this.afterNews(() => {
        this.limitsAsked = false;
        const members = [...this.played];
        this.played.clear();
        return this.tellLimits(members);
      });
    }
    if (withdrawals.length > 0) {
      this.afterNews(async () => {
        for (const subscription of await this.subscribed(
          withdrawals.map((w) => w.memberId),
          'withdrawal',
        )) {
          for (const withdrawal of withdrawals.filter((w) => w.memberId === subscription.member_id)) {
            this.push(subscription, withdrawalMessage(this.translator, localeOf(subscription.lang), withdrawal));
          }
        }
      });
    }
  }

  /**
   * The scheduler's lease holder, each tick: the cool-offs and self-exclusions that ended since its
   * last look (from its first tick on: one ended while no instance looked is not told late).
   */
  async watchPauses(now: number): Promise<void> {
    const since = this.pausesSeenUpTo ?? now;
    this.pausesSeenUpTo = now;
    if (now <= since) return;
    const ended = await pausesEndedBetween(this.db, since, now);
    if (ended.length === 0) return;
    const kinds = new Map(ended.map((row) => [row.member_id, row.pause_kind as PauseKind]));
    for (const subscription of await this.subscribed([...kinds.keys()], 'pause')) {
      const kind = kinds.get(subscription.member_id)!;
      this.push(subscription, pauseEndedMessage(this.translator, localeOf(subscription.lang), kind));
    }
  }

  /** `push:test`: a test notification to each of the member's devices; how many were queued. */
  async test(memberId: number): Promise<number> {
    const subscriptions = await subscriptionsOf(this.db, [memberId]);
    for (const subscription of subscriptions) {
      this.push(subscription, testMessage(this.translator, localeOf(subscription.lang)));
    }
    return subscriptions.length;
  }

  /** Resolves once every queued push was handed to its push service (tests, the bench, a stop). */
  drained(): Promise<void> {
    if (this.running === 0 && this.jobs.length === 0 && this.news.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async tellResults(results: ReadonlyMap<number, RoundTold>): Promise<void> {
    const subscriptions = await this.subscribed([...results.keys()], 'result');
    if (subscriptions.length === 0) return;
    // A batch of news is one round's settlement; grouped by round all the same.
    const byRound = new Map<number, number[]>();
    for (const { member_id: memberId } of subscriptions) {
      const { roundId } = results.get(memberId)!;
      byRound.set(roundId, [...(byRound.get(roundId) ?? []), memberId]);
    }
    for (const [roundId, memberIds] of byRound) {
      const nets = await roundNets(this.db, roundId, memberIds);
      for (const subscription of subscriptions) {
        const round = results.get(subscription.member_id)!;
        const net = nets.get(subscription.member_id);
        if (round.roundId !== roundId || !net) continue;
        this.push(
          subscription,
          resultMessage(this.translator, localeOf(subscription.lang), round, {
            stake: net.stakeCents,
            award: net.awardCents,
          }),
        );
      }
    }
  }

  /** Limits of these members used in full, told once per limit and period. */
  private async tellLimits(memberIds: readonly number[]): Promise<void> {
    const subscriptions = await this.subscribed(memberIds, 'limit');
    const now = this.now();
    for (const memberId of new Set(subscriptions.map((row) => row.member_id))) {
      const rows = await playLimitsOf(this.db, memberId);
      if (rows.length === 0) continue;
      const used = limitViews(rows, await playUsageOf(this.db, memberId, now), now).filter(
        (limit) => limit.money > 0 && limit.left !== null && limit.left <= 0,
      );
      for (const limit of used) {
        const key = `${memberId}:${limit.period}:${limit.kind}:${limit.resetAt}`;
        if (this.told.has(key)) continue;
        this.remember(key);
        for (const subscription of subscriptions.filter((row) => row.member_id === memberId)) {
          const message = limitMessage(this.translator, localeOf(subscription.lang), {
            period: limit.period,
            kind: limit.kind,
            cents: wireCents(limit.money),
            resetAt: limit.resetAt,
          });
          this.push(subscription, message);
        }
      }
    }
  }

  private async subscribed(memberIds: readonly number[], kind: PushKind): Promise<PushSubscriptionRow[]> {
    const rows = await subscriptionsOf(this.db, [...new Set(memberIds)]);
    return rows.filter((row) => kindsOf(row).includes(kind));
  }

  private push(subscription: PushSubscriptionRow, payload: PushPayload): void {
    this.queue(async () => {
      const { endpoint, p256dh, auth } = subscription;
      const send = () =>
        webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, JSON.stringify(payload), {
          TTL: this.settings.ttlSeconds ?? 24 * 3600,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          headers: { Authorization: this.authorization(endpoint) },
          timeout: 15_000,
          ...(this.settings.agent ? { agent: this.settings.agent } : {}),
        });
      try {
        // A kept-alive connection the push service had just closed fails at once: sent again once.
        await send().catch((error: unknown) => {
          if (isResetConnection(error)) return send();
          throw error;
        });
        this.counts.delivered++;
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          this.counts.gone++;
          await deleteSubscriptionAt(this.db, endpoint);
          return;
        }
        this.counts.failed++;
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        this.log.warn({ push: new URL(endpoint).host, status, err: error }, 'a notification was not delivered');
      }
    });
  }

  /** The VAPID header for a push service: signed once, kept until an hour before it expires. */
  private authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = this.now();
    const held = this.vapidHeaders.get(audience);
    if (held && held.renewAt > now) return held.authorization;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.settings.subject,
      this.settings.key.publicKey,
      this.settings.key.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_VALID_S,
    );
    this.vapidHeaders.set(audience, { authorization: Authorization, renewAt: now + VAPID_RENEW_MS });
    return Authorization;
  }

  private remember(key: string): void {
    this.told.add(key);
    if (this.told.size > TOLD_KEPT) this.told.delete(this.told.values().next().value!);
  }

  /**
   * News is read once it stops coming for a moment (QUIET_MS, at most MAX_WAIT_MS after the first):
   * a draw tells its news a batch of lines at a time, and the settlement runs to its end before any
   * notification work competes with it, so its draw takes as long as with notifications off.
   */
  private afterNews(job: () => Promise<void>): void {
    this.news.push(job);
    const now = performance.now();
    this.newsSince ??= now;
    if (this.quiet) clearTimeout(this.quiet);
    const wait = Math.max(0, Math.min(QUIET_MS, this.newsSince + MAX_WAIT_MS - now));
    this.quiet = setTimeout(() => {
      this.quiet = null;
      this.newsSince = null;
      for (const waiting of this.news.splice(0)) this.queue(waiting);
    }, wait);
  }

  private queue(job: () => Promise<void>): void {
    this.jobs.push(job);
    this.next();
  }

  private next(): void {
    const limit = this.settings.concurrency ?? 16;
    while (this.running < limit && this.jobs.length > 0) {
      const job = this.jobs.shift()!;
      this.running++;
      void job()
        .catch((error: unknown) => this.log.warn({ err: error }, 'notifications: a batch failed'))
        .finally(() => {
          this.running--;
          this.next();
          if (this.running === 0 && this.jobs.length === 0 && this.news.length === 0) {
            this.waiting.splice(0).forEach((resolve) => resolve());
          }
        });
    }
  }
}
