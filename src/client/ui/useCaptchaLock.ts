import { useCallback, useEffect, useState } from 'react';

/**
 * The verification-code button stays locked for the resend period (60 s, or what the server
 * says). The unlock time is kept in sessionStorage under `storageKey` (one per kind of code, as
 * the server locks each apart), so leaving the page and coming back does not reopen the button early.
 */
function storedUntil(storageKey: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey)) || 0;
  } catch {
    return 0;
  }
}

export function useCaptchaLock(
  storageKey = 'captchaLockUntil',
  now: () => number = Date.now,
): { remaining: number; lock: (seconds: number) => void } {
  const [until, setUntil] = useState(() => storedUntil(storageKey));
  const [current, setCurrent] = useState(now);

  useEffect(() => {
    if (until <= now()) return;
    const timer = setInterval(() => {
      const time = now();
      setCurrent(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const lock = useCallback(
    (seconds: number) => {
      const time = now();
      const next = time + seconds * 1000;
      try {
        sessionStorage.setItem(storageKey, String(next));
      } catch {
        // Kept in memory only.
      }
      setCurrent(time);
      setUntil(next);
    },
    [now, storageKey],
  );

  return { remaining: Math.max(0, Math.ceil((until - current) / 1000)), lock };
}
