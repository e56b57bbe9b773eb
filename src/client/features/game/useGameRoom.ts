import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { refreshProfile, useBrowserOnline, useOnline, useProfile } from '../../data';
import { usePageVisible } from '../../ui';
import { useCancelOrder } from './useCancelOrder';
import { useLiveOrders } from './useLiveOrders';
import { useOrderTicket } from './useOrderTicket';
import { useOwnOrders } from './useOwnOrders';
import { useRealityCheck } from './useRealityCheck';
import { useRound } from './useRound';
import { useRoundResult } from './useRoundResult';
import { useRoundClock } from './useRoundClock';

/** Everything the game room shows and does: the round, the live table, the member's order and orders. */
export function useGameRoom(roomid: number) {
  const visible = usePageVisible();
  const online = useOnline();
  const browserOnline = useBrowserOnline();
  const profile = useProfile();
  const round = useRound(roomid, { active: visible, onNextRound: () => void refreshProfile() });
  const { info } = round;
  const game = info?.game ?? null;
  const clock = useRoundClock(game, round.offset);
  const seqno = game?.seqno ?? null;
  const live = useLiveOrders({
    roomid,
    seqno,
    gametype: game?.gametype ?? 0,
    drawn: clock?.phase === 'drawn',
    active: visible,
  });
  const [ownOpen, setOwnOpen] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  // "My orders" keeps the lines of the round the member played last, with their outcome, after its
  // draw: until the member's first order of a later round (or the member leaves the room).
  const [held, setHeld] = useState<string | null>(null);
  const ownSeqno = held ?? seqno;
  const own = useOwnOrders(roomid, ownSeqno, ownOpen);
  const { reload: reloadOwn } = own;
  const onPlayed = useCallback(
    (drawnSeqno: string) => {
      setHeld(drawnSeqno);
      // Its lines were read before settlement: read them again with their outcome.
      if (ownOpen) void reloadOwn();
    },
    [ownOpen, reloadOwn],
  );
  // Rounds ordered in during this visit: held at their draw at once, before the result is asked for.
  const orderedIn = useRef(new Set<string>());
  useRoundResult(seqno, game?.gametype ?? null, {
    onPlayed,
    playedHere: (drawnSeqno) => orderedIn.current.has(drawnSeqno),
  });
  useRealityCheck(round.offset);

  // Handlers that run after an await read the round's state as it is then, not as it was. Set
  // before the screen is painted, so a tap on a round that just appeared never reads "closed".
  const closed = useRef(true);
  useLayoutEffect(() => {
    closed.current = clock?.closed ?? true;
  });

  const ticket = useOrderTicket({
    roomid,
    info,
    clock,
    online,
    profile: profile.data,
    closed,
    onPlaced: (placedSeqno) => {
      orderedIn.current.add(placedSeqno);
      live.pollNow();
      void round.reload();
      if (held !== null && held !== placedSeqno) setHeld(null);
      else if (ownOpen) void own.reload();
    },
    onRefused: () => void round.reload(),
  });
  const cancel = useCancelOrder(roomid, closed, () => void own.reload());

  return {
    online,
    browserOnline,
    profile,
    round,
    clock,
    live,
    ticket,
    cancel,
    own,
    /** The round "My orders" shows: the current one, or the drawn one the member played last. */
    ownSeqno,
    ownSheet: { open: ownOpen, show: () => setOwnOpen(true), close: () => setOwnOpen(false) },
    recordSheet: { open: recordOpen, show: () => setRecordOpen(true), close: () => setRecordOpen(false) },
  };
}
