import { useLayoutEffect, useRef, useState } from 'react';
import { refreshProfile, useOnline, useProfile } from '../../data';
import { usePageVisible } from '../../ui';
import { useAwardToast } from './useAwardToast';
import { useCancelOrder } from './useCancelOrder';
import { useLiveOrders } from './useLiveOrders';
import { useOrderTicket } from './useOrderTicket';
import { useOwnOrders } from './useOwnOrders';
import { useRealityCheck } from './useRealityCheck';
import { useRound } from './useRound';
import { useRoundClock } from './useRoundClock';

/** Everything the game room shows and does: the round, the live table, the member's order and orders. */
export function useGameRoom(roomid: number) {
  const visible = usePageVisible();
  const online = useOnline();
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
  const own = useOwnOrders(roomid, seqno, ownOpen);
  useAwardToast(seqno, game?.gametype ?? null);
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
    onPlaced: () => {
      live.pollNow();
      void round.reload();
      if (ownOpen) void own.reload();
    },
    onRefused: () => void round.reload(),
  });
  const cancel = useCancelOrder(roomid, closed, () => void own.reload());

  return {
    online,
    profile,
    round,
    clock,
    live,
    ticket,
    cancel,
    own,
    ownSheet: { open: ownOpen, show: () => setOwnOpen(true), close: () => setOwnOpen(false) },
    recordSheet: { open: recordOpen, show: () => setRecordOpen(true), close: () => setRecordOpen(false) },
  };
}
