import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_REALITY_CHECK_MINUTES } from '../../../shared/play';
import { api, ApiPath } from '../../api';
import { usePlayLimits } from '../../data';
import { currentOwner } from '../../data/stores';
import { formatUsd } from '../../i18n';
import { confirmDialog, navigate } from '../../ui';
import { pathTo } from '../../routing/paths';
import {
  currentPlaySession,
  endPlaySession,
  enterPlaySession,
  markRealityChecked,
  touchPlaySession,
} from './playSession';

const MINUTE = 60_000;

/** The net result of play (stakes, refunds, awards) since the session began, from the server; null when unreachable. */
async function netSince(since: number): Promise<number | null> {
  try {
    const answer = await api.call(ApiPath.playLimits, { since: Math.max(0, Math.round(since)) }, { silent: true });
    return answer.session?.net ?? null;
  } catch {
    return null;
  }
}

/**
 * The reality check of a game room: every N minutes of the play session (the member's choice on
 * the responsible-play page: 15, 30 or 60, or never), a dialog says how long the member has played
 * and the session's net result, with "Keep playing" and "Stop". Stop ends the play session and
 * leaves the room for home, whatever re-rendered meanwhile: the member's answer always counts.
 * `serverOffsetMs` turns the device's clock into the server's for the net result's start.
 */
export function useRealityCheck(serverOffsetMs: number): void {
  const { t } = useLingui();
  const play = usePlayLimits();
  // Known once read (or cached); the default only when it cannot be read at all.
  const minutes = play.data?.realityCheck ?? (play.isLoading ? null : DEFAULT_REALITY_CHECK_MINUTES);
  const offset = useRef(serverOffsetMs);
  // The dialog's words in the language shown when it opens; a new catalogue does not restart the clock.
  const words = {
    duration(ms: number): string {
      const total = Math.max(1, Math.floor(ms / MINUTE));
      const hours = Math.floor(total / 60);
      const mins = total % 60;
      return hours > 0 ? t`${hours} h ${mins} min` : t`${mins} min`;
    },
    dialog(played: string, net: number | null) {
      return {
        title: t`Reality check`,
        message:
          net === null
            ? t`You have played for ${played} in this session. Your net result cannot be read right now.`
            : t`You have played for ${played} in this session. Your net result: ${formatUsd(net)} USD.`,
        confirmLabel: t`Keep playing`,
        cancelLabel: t`Stop`,
      };
    },
  };
  const wordsNow = useRef(words);
  // Whether the member is still in the room (Stop leaves it only from there) and a check is on screen.
  const inRoom = useRef(false);
  const asking = useRef(false);
  useEffect(() => {
    offset.current = serverOffsetMs;
    wordsNow.current = words;
  });

  // In the room: the session goes on (or starts), and says when it was last seen here.
  useEffect(() => {
    inRoom.current = true;
    enterPlaySession(currentOwner(), Date.now());
    const touch = setInterval(() => touchPlaySession(Date.now()), MINUTE);
    return () => {
      inRoom.current = false;
      clearInterval(touch);
      touchPlaySession(Date.now());
    };
  }, []);

  useEffect(() => {
    if (minutes === null || minutes <= 0) return;
    const everyMs = minutes * MINUTE;
    let replaced = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function show() {
      const session = currentPlaySession();
      if (!session || replaced) return;
      // One check on screen at a time; another waits for its answer, then for its own time.
      if (asking.current) {
        timer = setTimeout(() => void show(), 1000);
        return;
      }
      if (Date.now() < session.checkedAt + everyMs) {
        schedule();
        return;
      }
      asking.current = true;
      try {
        const played = wordsNow.current.duration(Date.now() - session.startedAt);
        const net = await netSince(session.startedAt + offset.current);
        if (!inRoom.current) return;
        const keepPlaying = await confirmDialog(wordsNow.current.dialog(played, net));
        if (keepPlaying) {
          markRealityChecked(Date.now());
          if (!replaced) schedule();
          return;
        }
        endPlaySession();
        if (inRoom.current) navigate(pathTo('home'));
      } finally {
        asking.current = false;
      }
    }

    function schedule() {
      const session = currentPlaySession();
      if (!session) return;
      const due = session.checkedAt + everyMs;
      timer = setTimeout(() => void show(), Math.max(0, due - Date.now()));
    }

    schedule();
    return () => {
      replaced = true;
      clearTimeout(timer);
    };
  }, [minutes]);
}
