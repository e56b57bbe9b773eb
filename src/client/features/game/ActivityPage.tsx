import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../../../shared/errors';
import { toggleOutcome, validateBuy } from '../../../shared/validation/game';
import { formatUsd } from '../../../shared/money';
import type { OwnOrderItem } from '../../../shared/api/types';
import { ApiError, ApiPath } from '../../api';
import {
  isBrowserOnline,
  isOnline,
  profileQuery,
  refreshProfile,
  useOnline,
  useProfile,
  useWrite,
  writeCached,
} from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import { confirmDialog, EmptyState, Icon, Page, Spinner, StaleBadge, toast, usePageVisible } from '../../ui';
import { BuyBar } from './BuyBar';
import { ConfirmOrderSheet, type PendingOrder } from './ConfirmOrderSheet';
import { cancelOrder, fetchAward } from './gameApi';
import { LiveOrdersTable } from './LiveOrdersTable';
import { moneyCents, newIdempotencyKey, orderLines, roomRates } from './model';
import { OptionGrid } from './OptionGrid';
import { useOutcomeName } from '../../i18n';
import { OwnOrdersSheet } from './OwnOrdersSheet';
import { RecordSheet } from './RecordSheet';
import { ResultsList } from './ResultsList';
import { RoundPanel } from './RoundPanel';
import { useLiveOrders } from './useLiveOrders';
import { useOwnOrders } from './useOwnOrders';
import { useRound } from './useRound';
import { useRoundClock } from './useRoundClock';
import './game.css';

const warn = (refusal: Refusal) => toast.warn(messageOf(refusal));

/** What a failed first load says: the server's refusal (not a VIP, no such room...) or the network. */
function loadFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'refused') return error.info || textOfCode(error.code);
  return fallback;
}

/** The game room (/activity/:id, id = room id): not kept alive, so each visit starts from the server. */
export default function ActivityPage() {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  const roomid = /^\d+$/.test(id) ? Number(id) : 0;
  if (roomid <= 0) {
    return (
      <Page title={t`Game room`} backTo="/room_list/1">
        <EmptyState title={textOfCode(ErrorCode.RoomNumberEmpty)} icon="info" />
      </Page>
    );
  }
  return <GameRoom roomid={roomid} />;
}

function GameRoom({ roomid }: { roomid: number }) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
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

  const [selected, setSelected] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState<PendingOrder | null>(null);
  // Kept open with the same key after no answer: confirming again can never charge twice.
  const order = useWrite(ApiPath.order, {
    idempotent: true,
    noAnswerText: t`No answer from the server. Confirm again to retry; the order is never charged twice.`,
  });
  const submitting = order.busy;
  const [ownOpen, setOwnOpen] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const own = useOwnOrders(roomid, seqno, ownOpen);

  // When the next round arrives, the one just drawn may have paid the member: say so (SPEC.md
  // section 7, /api/Game/current: award shown as a toast).
  const seenSeqno = useRef<string | null>(null);
  const gametype = game?.gametype ?? null;
  useEffect(() => {
    const previous = seenSeqno.current;
    seenSeqno.current = seqno;
    if (!previous || !seqno || previous === seqno || gametype === null) return;
    fetchAward(previous, gametype).then(
      (award) => {
        if (award <= 0) return;
        const amount = formatUsd(award);
        toast.success(t`You won ${amount} USD in round ${previous}.`);
      },
      () => undefined,
    );
  }, [seqno, gametype, t]);

  // Handlers that run after an await read the round's state as it is then, not as it was.
  const closedRef = useRef(true);
  useEffect(() => {
    closedRef.current = clock?.closed ?? true;
  });

  const onToggle = useCallback(
    (value: number) => {
      if (closedRef.current) return warn(refuse(MessageKey.Stopped));
      const result = toggleOutcome(selected, value);
      if ('refusal' in result) warn(result.refusal);
      else setSelected(result.selected);
    },
    [selected],
  );

  function onBuy() {
    if (!info || !clock) return;
    // Every rule is checked here, before anything is sent (SPEC.md section 5, Buy).
    if (!online) return warn(refuse(MessageKey.Offline));
    const result = validateBuy({
      roundClosed: clock.closed,
      selected,
      amount,
      balance: moneyCents(profile.data?.money),
      minBuy: moneyCents(info.room.minbuy),
    });
    if ('refusal' in result) return warn(result.refusal);
    order.setError(null);
    setPending({
      seqno: info.game.seqno,
      lines: orderLines(info.room, selected, result.stakeCents),
      idempotencyKey: newIdempotencyKey(),
    });
  }

  async function onConfirm() {
    if (!pending || !info) return;
    if (closedRef.current && isBrowserOnline()) {
      setPending(null);
      return warn(refuse(MessageKey.Stopped));
    }
    const body = { gameid: info.room.gameid, roomid, order_info: pending.lines };
    const outcome = await order.send(body, pending.idempotencyKey);
    if (!outcome.ok) {
      // Refused (toasted by the API client in the member's language): the round may have moved on.
      if (outcome.refused) {
        setPending(null);
        void round.reload();
      }
      return;
    }
    setPending(null);
    setSelected([]);
    toast.success(t`Order placed`);
    // The answer carries the balance after the debit: show it now, then confirm it.
    if (profile.data && typeof outcome.data?.money === 'number') {
      await writeCached(profileQuery.key, { ...profile.data, money: outcome.data.money }).catch(() => undefined);
    }
    void refreshProfile();
    live.pollNow();
    void round.reload();
    if (ownOpen) void own.reload();
  }

  async function onCancel(order: OwnOrderItem) {
    if (!isOnline()) return warn(refuse(MessageKey.Offline));
    if (closedRef.current) return warn(refuse(MessageKey.Stopped));
    const name = nameOf(order.value);
    const money = formatUsd(order.money);
    const seqno = order.seqno;
    const confirmed = await confirmDialog({
      title: t`Cancel this order?`,
      message: t`${name}, ${money} USD in round ${seqno}. The amount goes back to your balance.`,
      confirmLabel: t`Cancel order`,
      cancelLabel: t`Keep it`,
      tone: 'danger',
    });
    if (!confirmed) return;
    if (!isOnline()) return warn(refuse(MessageKey.Offline));
    if (closedRef.current) return warn(refuse(MessageKey.Stopped));
    setCancelling(order.order_id);
    try {
      await cancelOrder(roomid, order.order_id);
      toast.success(t`Order cancelled`);
    } catch {
      // 2002 / 2003 and the rest were toasted by the API client.
    } finally {
      setCancelling(null);
      void own.reload();
      void refreshProfile();
    }
  }

  const history = (
    <button type="button" className="icon-btn" aria-label={t`Order history`} onClick={() => setRecordOpen(true)}>
      <Icon name="receipt" />
    </button>
  );

  if (!info || !game || !clock) {
    return (
      <Page title={t`Game room`} backTo="/room_list/1" actions={history} className="game-page">
        {round.loading ? (
          <div className="screen-fallback">
            <Spinner label={t`Loading`} />
          </div>
        ) : (
          <EmptyState
            title={t`The room cannot be opened`}
            text={
              online
                ? loadFailureText(round.error, t`The server cannot be reached right now.`)
                : t`You are offline. Connect to enter the room.`
            }
            icon={online ? 'alert' : 'cloudOff'}
            action={
              <button type="button" className="btn btn-secondary" onClick={() => void round.reload()}>
                {t`Try again`}
              </button>
            }
          />
        )}
        <RecordSheet open={recordOpen} onClose={() => setRecordOpen(false)} />
      </Page>
    );
  }

  const balance = profile.data;
  return (
    <Page title={info.room.title || t`Game room`} backTo="/room_list/1" actions={history} className="game-page">
      <section className="card balance-bar" data-testid="balance-panel" aria-label={t`Balance`}>
        <div className="balance-text">
          <span className="balance-label">{t`Balance (USD)`}</span>
          <span className="figure" data-testid="room-balance">
            {balance ? formatUsd(balance.money) : '—'}
          </span>
          <StaleBadge status={profile.status} updatedAt={profile.updatedAt} validating={profile.isValidating} />
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => toast.warn(textOfCode(ErrorCode.ContactServiceForDeposit))}
        >
          {t`Deposit`}
        </button>
      </section>

      <RoundPanel seqno={game.seqno} clock={clock} stale={round.stale} goodAt={round.goodAt} last={info.his[0]} />

      <h2 className="section-title">{t`Choose options`}</h2>
      <OptionGrid rates={roomRates(info.room)} selected={selected} closed={clock.closed} onToggle={onToggle} />

      <ResultsList roomid={roomid} history={info.his} />
      <LiveOrdersTable rows={live.rows} stale={live.stale} goodAt={live.goodAt} />

      <BuyBar
        amount={amount}
        selectedCount={selected.length}
        onAmount={setAmount}
        onBuy={onBuy}
        onOwnOrders={() => setOwnOpen(true)}
      />

      <ConfirmOrderSheet
        // The round closed or moved on while the popup was open: nothing can be sent for it any more.
        pending={pending && pending.seqno === game.seqno && (!clock.closed || submitting) ? pending : null}
        busy={submitting}
        error={order.error}
        onConfirm={() => void onConfirm()}
        onClose={() => setPending(null)}
      />
      <OwnOrdersSheet
        open={ownOpen}
        seqno={seqno}
        orders={own.orders}
        loading={own.loading}
        cancelling={cancelling}
        onCancel={(order) => void onCancel(order)}
        onClose={() => setOwnOpen(false)}
      />
      <RecordSheet open={recordOpen} gametype={game.gametype} onClose={() => setRecordOpen(false)} />
    </Page>
  );
}
