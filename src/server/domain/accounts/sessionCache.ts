/**
 * Sessions checked a moment ago, for the hot paths only (room polls, the live feed, orders): a
 * thousand members polling every few seconds would otherwise cost two queries per poll. An entry
 * lives `ttlMs` (by the cache clock: real time, 1 s by default) and never past the session's own expiry; logout and a
 * password change in this process drop it at once. What it may show stale for that second is
 * harmless there: the order debit checks balance and freeze itself in SQL, and a poll only reads.
 */
import type { Authenticated } from './sessions';
import { realTime, type CacheClock } from '../ttlCache';

interface Entry {
  auth: Authenticated;
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly clock: CacheClock = realTime,
  ) {}

  get(token: string, now: number): Authenticated | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.clock() - entry.cachedAt >= this.ttlMs || entry.auth.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.auth;
  }

  remember(token: string, auth: Authenticated): void {
    if (this.ttlMs <= 0) return;
    // Bounded: when full, start again rather than grow (entries are cheap to rebuild).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { auth, cachedAt: this.clock() });
  }

  forgetSession(tokenHash: string): void {
    for (const [token, entry] of this.entries) if (entry.auth.tokenHash === tokenHash) this.entries.delete(token);
  }

  forgetMember(memberId: number): void {
    for (const [token, entry] of this.entries) if (entry.auth.member.id === memberId) this.entries.delete(token);
  }
}
