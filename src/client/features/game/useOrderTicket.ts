import { useCallback, useState, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../../../shared/errors';
import type { GameInfoAnswer, UserInfo } from '../../../shared/api/types';
import { toggleOutcome, validateBuy } from '../../../shared/validation/game';
import { ApiPath } from '../../api';
import { isBrowserOnline, useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { toast, useFieldErrors } from '../../ui';
import type { PendingOrder } from './ConfirmOrderSheet';
import { wireCents } from '../../../shared/money';
import { newIdempotencyKey, orderLines, type RoundPhaseClock } from './model';
import { earnInstallOffer } from '../../pwa';

const warn = (refusal: Refusal) => toast.warn(messageOf(refusal));

/** Where a refusal of the buy rules is said: under the options, or under the amount. */
type TicketField = 'options' | 'amount';
const AMOUNT_REFUSALS: ReadonlySet<Refusal['code']> = new Set([
  MessageKey.InputCorrectTip,
  ErrorCode.MinimumOrder,
  MessageKey.MinBuy,
  MessageKey.NoEnoughMoney,
]);
const fieldOf = (refusal: Refusal): TicketField => (AMOUNT_REFUSALS.has(refusal.code) ? 'amount' : 'options');

/**
 * What the member has chosen: the outcomes and the amount, each refusal of the buy rules said under
 * the options or the amount until the member changes them.
 */
function useTicketChoice(closed: RefObject<boolean>) {
  const [selected, setSelected] = useState<number[]>([]);
  const [amount, setAmountState] = useState('');
  const fields = useFieldErrors<TicketField>();
  const { refuseAt, forget } = fields;
  const refuseRule = useCallback((refusal: Refusal) => refuseAt(fieldOf(refusal), messageOf(refusal)), [refuseAt]);

  const onToggle = useCallback(
    (value: number) => {
      if (closed.current) return refuseRule(refuse(MessageKey.Stopped));
      const result = toggleOutcome(selected, value);
      if ('refusal' in result) return refuseRule(result.refusal);
      forget('options');
      setSelected(result.selected);
    },
    [selected, closed, refuseRule, forget],
  );

  const setAmount = useCallback(
    (next: string) => {
      forget('amount');
      setAmountState(next);
    },
    [forget],
  );
  return { selected, setSelected, amount, setAmount, onToggle, fields, refuseRule };
}

/**
 * The member's order in a room: the outcomes chosen, the amount, the confirmation and the order
 * itself. Every rule is checked before anything is sent (SPEC.md section 5, Buy), and a refusal is
 * said under the options or the amount until the member changes them; the order goes
 * through useWrite with the key made when the confirmation opens, so confirming again after no
 * answer can never charge twice.
 */
export function useOrderTicket(options: {
  roomid: number;
  info: GameInfoAnswer | null;
  clock: RoundPhaseClock | null;
  profile: UserInfo | undefined;
  /** The round's state at the moment a handler runs, not when it was rendered. */
  closed: RefObject<boolean>;
  /** The order was taken in this round: refresh what shows it. */
  onPlaced: (seqno: string) => void;
  /** The order was refused: the round may have moved on. */
  onRefused: () => void;
}) {
  const { t } = useLingui();
  const { roomid, info, clock, profile, closed, onPlaced, onRefused } = options;
  const { selected, setSelected, amount, setAmount, onToggle, fields, refuseRule } = useTicketChoice(closed);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const order = useWrite(ApiPath.order, {
    noAnswerText: t`No answer from the server. Confirm again to retry; the order is never charged twice.`,
  });

  function onBuy() {
    if (!info || !clock) return;
    const offline = order.refusal();
    if (offline !== null) return toast.warn(offline);
    const result = validateBuy({
      roundClosed: clock.closed,
      selected,
      amount,
      balance: wireCents(profile?.money),
      minBuy: wireCents(info.room.minbuy),
    });
    if ('refusal' in result) return refuseRule(result.refusal);
    fields.clear();
    order.setError(null);
    setPending({
      seqno: info.game.seqno,
      lines: orderLines(info.room, selected, result.stakeCents),
      idempotencyKey: newIdempotencyKey(),
    });
  }

  async function onConfirm() {
    if (!pending || !info) return;
    if (closed.current && isBrowserOnline()) {
      setPending(null);
      return warn(refuse(MessageKey.Stopped));
    }
    const body = { gameid: info.room.gameid, roomid, order_info: pending.lines };
    const outcome = await order.send(body, pending.idempotencyKey);
    if (!outcome.ok) {
      // Refused (toasted by the app in the member's language); no answer keeps it open.
      if (outcome.refused) {
        setPending(null);
        onRefused();
      }
      return;
    }
    setPending(null);
    setSelected([]);
    toast.success(t`Order placed`);
    // A first played round: the app may now offer to be installed.
    earnInstallOffer();
    onPlaced(pending.seqno);
  }

  // The round closed or moved on while the popup was open: nothing can be sent for it any more.
  const shown =
    pending && info && clock && pending.seqno === info.game.seqno && (!clock.closed || order.busy) ? pending : null;

  return {
    selected,
    amount,
    setAmount,
    onToggle,
    onBuy,
    pending: shown,
    closeConfirm: () => setPending(null),
    onConfirm,
    submitting: order.busy,
    error: order.error,
    /** A refusal of the buy rules, said under the options or the amount (never a toast). */
    errorOf: fields.errorOf,
  };
}
