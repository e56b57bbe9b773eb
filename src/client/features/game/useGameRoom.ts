import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHANGED_BY_DRAW, invalidate, useBrowserOnline, useOnline, useProfile } from '../../data';
import { usePageVisible } from '../../ui';
import { useCancelOrder } from './useCancelOrder';
import { useLiveOrders } from './useLiveOrders';
import { useOrderTicket } from './useOrderTicket';
import { useOwnOrders } from './useOwnOrders';
import { useRealityCheck } from './useRealityCheck';
import { useRound } from './useRound';
import { useRoundResult } from './useRoundResult';
import { useRoundPhase } from './useRoundClock';
import { useRoomStream } from './useRoomStream';
import { LiveStreamsContext } from '../../data/live/liveStreams';

const NO_ROUNDS: readonly { seqno: string }[] = [];

/** Everything the game room shows and does: the round, the live table, the member's order and orders. */
export function useGameRoom(roomid: number) {
  const visible = usePageVisible();
  const online = useOnline();
  const browserOnline = useBrowserOnline();
  const profile = useProfile();
  const liveStreams = useContext(LiveStreamsContext);
  // The member's stream loads with the room and then follows the session until logout.
  useEffect(() => liveStreams.followMember(), [liveStreams]);
  // A draw credits the winners: the member's money is read again, unless the member's stream tells it.
  const afterDraw = useCallback(() => {
    if (!liveStreams.memberLive()) void invalidate(CHANGED_BY_DRAW);
  }, [liveStreams]);
  const stream = useRoomStream(roomid, visible);
  const streaming = stream !== 'polling';
  const round = useRound(roomid, { active: visible, onNextRound: afterDraw, streaming });
  const { info } = round;
  const game = info?.game ?? null;
  // While streaming, the next round comes as an event rather than after a timer.
  const streamedSeqno = streaming ? (game?.seqno ?? null) : null;
  const lastSeqno = useRef(streamedSeqno);
  useEffect(() => {
    if (lastSeqno.current !== null && streamedSeqno !== null && lastSeqno.current !== streamedSeqno) afterDraw();
    lastSeqno.current = streamedSeqno;
  }, [streamedSeqno, afterDraw]);
  // The phase, not the seconds: the room is drawn again when orders close, not on every tick.
  const clock = useRoundPhase(game, round.offset);
  const seqno = game?.seqno ?? null;
  const live = useLiveOrders({
    roomid,
    seqno,
    gametype: game?.gametype ?? 0,
    drawn: clock?.phase === 'drawn',
    active: visible,
    stream,
  });
  const [recordOpen, setRecordOpen] = useState(false);
  const mine = useMyOrders(roomid, seqno, game?.gametype ?? null, info?.his ?? NO_ROUNDS);
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
    profile: profile.data,
    closed,
    onPlaced: (placedSeqno) => {
      // The stream tells the order and the round's new total; without it, both are asked for.
      live.pollNow();
      if (!streaming) void round.reload();
      mine.placed(placedSeqno);
    },
    onRefused: () => void round.reload(),
  });
  const cancel = useCancelOrder(roomid, closed, () => void mine.own.reload());

  return {
    online,
    browserOnline,
    /** How the room is kept up to date: its stream, or polling. */
    stream,
    profile,
    round,
    clock,
    live,
    ticket,
    cancel,
    own: mine.own,
    /** The round "My orders" shows: the current one, or the drawn one the member played last. */
    ownSeqno: mine.ownSeqno,
    ownSheet: mine.sheet,
    recordSheet: { open: recordOpen, show: () => setRecordOpen(true), close: () => setRecordOpen(false) },
  };
}

/**
 * "My orders": the member's lines of the round, and after its draw those of the round the member
 * played last, with their outcome, until the member's first order of a later round (or the member
 * leaves the room).
 */
function useMyOrders(
  roomid: number,
  seqno: string | null,
  gametype: number | null,
  recent: readonly { seqno: string }[],
) {
  const [open, setOpen] = useState(false);
  const [held, setHeld] = useState<string | null>(null);
  const ownSeqno = held ?? seqno;
  const own = useOwnOrders(roomid, ownSeqno, open);
  const { reload } = own;
  const onPlayed = useCallback(
    (drawnSeqno: string) => {
      setHeld(drawnSeqno);
      // Its lines were read before settlement: read them again with their outcome.
      if (open) void reload();
    },
    [open, reload],
  );
  // Rounds ordered in during this visit: held at their draw at once, before the result is asked for.
  const orderedIn = useRef(new Set<string>());
  useRoundResult(seqno, gametype, {
    recent,
    onPlayed,
    playedHere: (drawnSeqno) => orderedIn.current.has(drawnSeqno),
  });
  /** An order taken in `placedSeqno`: a round held since its draw gives way to it. */
  const placed = (placedSeqno: string) => {
    orderedIn.current.add(placedSeqno);
    if (held !== null && held !== placedSeqno) setHeld(null);
    else if (open) void reload();
  };
  return { own, ownSeqno, placed, sheet: { open, show: () => setOpen(true), close: () => setOpen(false) } };
}
