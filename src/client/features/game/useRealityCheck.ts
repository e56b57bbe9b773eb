import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_REALITY_CHECK_MINUTES } from '../../../shared/play';
import { api, ApiPath } from '../../api';
import { usePlayLimits } from '../../data';
import { currentOwner } from '../../stores';
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
 * and the session's net result, with "Keep playing" and "Stop" (which leaves the room).
 * `serverOffsetMs` turns the device's clock into the server's for the net result's start.
 */
export function useRealityCheck(serverOffsetMs: number): void {
  const { t } = useLingui();
  const play = usePlayLimits();
  // Known once read (or cached); the default only when it cannot be read at all.
  const minutes = play.data?.realityCheck ?? (play.isLoading ? null : DEFAULT_REALITY_CHECK_MINUTES);
  const offset = useRef(serverOffsetMs);
  useEffect(() => {
    offset.current = serverOffsetMs;
  }, [serverOffsetMs]);

  // In the room: the session goes on (or starts), and says when it was last seen here.
  useEffect(() => {
    enterPlaySession(currentOwner(), Date.now());
    const touch = setInterval(() => touchPlaySession(Date.now()), MINUTE);
    return () => {
      clearInterval(touch);
      touchPlaySession(Date.now());
    };
  }, []);

  useEffect(() => {
    if (minutes === null || minutes <= 0) return;
    const everyMs = minutes * MINUTE;
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function duration(ms: number): string {
      const total = Math.max(1, Math.floor(ms / MINUTE));
      const hours = Math.floor(total / 60);
      const mins = total % 60;
      return hours > 0 ? t`${hours} h ${mins} min` : t`${mins} min`;
    }

    async function show() {
      const session = currentPlaySession();
      if (!session || left) return;
      const played = duration(Date.now() - session.startedAt);
      const net = await netSince(session.startedAt + offset.current);
      if (left) return;
      const keepPlaying = await confirmDialog({
        title: t`Reality check`,
        message:
          net === null
            ? t`You have played for ${played} in this session. Your net result cannot be read right now.`
            : t`You have played for ${played} in this session. Your net result: ${formatUsd(net)} USD.`,
        confirmLabel: t`Keep playing`,
        cancelLabel: t`Stop`,
      });
      if (left) return;
      if (keepPlaying) {
        markRealityChecked(Date.now());
        schedule();
      } else {
        endPlaySession();
        navigate(pathTo('home'));
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
      left = true;
      clearTimeout(timer);
    };
  }, [minutes, t]);
}
