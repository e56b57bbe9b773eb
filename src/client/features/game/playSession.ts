/**
 * The member's play session on this device, for the reality check: it starts when the member
 * enters a room and goes on while they move between rooms and other pages, until they choose
 * "Stop" at a reality check, someone else logs in, or they stay out of every room for
 * SESSION_BREAK_MS. Kept in sessionStorage (this tab), so a reload does not start it again.
 */
const STORAGE_KEY = 'playSession';

/** Out of every room this long, the next room starts a new session. */
export const SESSION_BREAK_MS = 30 * 60 * 1000;

export interface PlaySession {
  /** Whose session (data/owner.ts): another member on the device starts their own. */
  owner: string;
  startedAt: number;
  /** The session's start, or the last reality check the member answered "Keep playing". */
  checkedAt: number;
  /** Last seen in a room. */
  seenAt: number;
}

function isSession(value: unknown): value is PlaySession {
  const s = value as Partial<PlaySession> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.owner === 'string' &&
    [s.startedAt, s.checkedAt, s.seenAt].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

export function currentPlaySession(): PlaySession | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function save(session: PlaySession): PlaySession {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage refused (private mode, quota): the session lives as long as the room.
  }
  return session;
}

/** Entering a room: the running session of this member, or a new one after a break. */
export function enterPlaySession(owner: string, now: number): PlaySession {
  const running = currentPlaySession();
  if (running && running.owner === owner && now - running.seenAt <= SESSION_BREAK_MS && running.startedAt <= now) {
    return save({ ...running, seenAt: now });
  }
  return save({ owner, startedAt: now, checkedAt: now, seenAt: now });
}

/** Still in a room (and when leaving it). */
export function touchPlaySession(now: number): void {
  const running = currentPlaySession();
  if (running) save({ ...running, seenAt: Math.max(running.seenAt, now) });
}

/** The member answered a reality check with "Keep playing". */
export function markRealityChecked(now: number): void {
  const running = currentPlaySession();
  if (running) save({ ...running, checkedAt: now, seenAt: now });
}

/** The member chose "Stop": the next room starts a new session. */
export function endPlaySession(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
