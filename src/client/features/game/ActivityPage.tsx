import { Suspense, useState, type ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode, MessageKey, refuse } from '../../../shared/errors';
import { focusOf } from '../../../shared/game';
import { ApiError } from '../../api';
import { failureText } from '../../i18n';
import { messageOf, textOfCode, formatUsd, useLocale } from '../../i18n';
import { EmptyState, Icon, Page, PauseBanner, Spinner, StaleBadge, toast, usePauseText } from '../../ui';
import { useActivePause } from '../../data';
import { BuyBar } from './BuyBar';
import { ConfirmOrderSheet } from './ConfirmOrderSheet';
import { LiveIndicator } from './LiveIndicator';
import { LiveOrdersTable } from './LiveOrdersTable';
import { roomRates, roomTitle, type RoundPhaseClock } from './model';
import type { GameInfoAnswer } from '../../../shared/api/types';
import { OptionGrid } from './OptionGrid';
import { OwnOrdersSheet } from './OwnOrdersSheet';
import { RecordSheet } from './RecordSheet';
import { ResultsList } from './ResultsList';
import { roomIdOf } from './gameApi';
import { RoundCommitment } from './RoundCommitment';
import { RoundPanel } from './RoundPanel';
import { RulesSheet } from './RulesSheet';
import { useGameRoom } from './useGameRoom';
import { pathTo } from '../../routing/paths';
import './game.css';

/** What a failed first load says: the server's refusal (not a VIP, no such room...) or the network. */
function loadFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.kind === 'refused' ? failureText(error) : fallback;
}

/** The game room (/activity/:id, id = room id): not kept alive, so each visit starts from the server. */
export default function ActivityPage() {
  const { t } = useLingui();
  const { id } = useParams<{ id: string }>();
  const roomid = roomIdOf(id);
  if (roomid <= 0) {
    return (
      <Page title={t`Game room`} backTo={pathTo('roomList', { type: 1 })}>
        <EmptyState title={textOfCode(ErrorCode.RoomNumberEmpty)} icon="info" />
      </Page>
    );
  }
  return <GameRoom roomid={roomid} />;
}

function GameRoom({ roomid }: { roomid: number }) {
  const { t } = useLingui();
  const room = useGameRoom(roomid);
  const { info } = room.round;
  const history = (
    <button
      type="button"
      className="icon-btn"
      aria-label={t`Order history`}
      onClick={room.recordSheet.show}
      data-testid="order-history-open"
    >
      <Icon name="receipt" />
    </button>
  );
  return (
    <>
      {info && room.clock ? (
        <OpenRoom room={room} info={info} clock={room.clock} history={history} />
      ) : (
        <RoomNotOpen room={room} history={history} />
      )}
      {/* One sheet whatever the room's state, so opening it while the room loads keeps it open after. */}
      <RecordSheet open={room.recordSheet.open} gametype={info?.game.gametype} onClose={room.recordSheet.close} />
    </>
  );
}

type GameRoomState = ReturnType<typeof useGameRoom>;

/** The room with a round to show: balance, round, options, results, live orders, the order and its sheets. */
function OpenRoom({
  room,
  info,
  clock,
  history,
}: {
  room: GameRoomState;
  info: GameInfoAnswer;
  clock: RoundPhaseClock;
  history: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { round, profile, ticket, live } = room;
  const game = info.game;
  // A home tile names the outcomes it is about (`?focus=big.small`): they come first in the grid.
  const focus = focusOf(new URLSearchParams(useSearch()).get('focus'));
  const [rulesOpen, setRulesOpen] = useState(false);
  const actions = (
    <>
      <button type="button" className="icon-btn" aria-label={t`Rules and returns`} onClick={() => setRulesOpen(true)}>
        <Icon name="info" />
      </button>
      {history}
    </>
  );
  const { pause, closedReason, buyRefusal } = useOrderRefusals(room, clock);
  return (
    <Page
      title={roomTitle(info.room, locale) || t`Game room`}
      backTo={pathTo('roomList', { type: info.room.type })}
      actions={actions}
      className="game-page"
    >
      {pause && <PauseBanner pause={pause} />}
      <RoomBalance profile={profile} />

      {/* Parts of their own (Suspense): a server-rendered room is taken over one part at a time, the
          browser free between them, not in one long task. */}
      <Suspense fallback={null}>
        <RoundPanel game={game} round={round} clock={clock} last={info.his[0]} />
      </Suspense>

      <h2 className="section-title options-title">{t`Choose options`}</h2>
      <OptionGrid
        rates={roomRates(info.room)}
        selected={ticket.selected}
        focus={focus}
        closed={clock.closed}
        error={ticket.errorOf('options')}
        onToggle={ticket.onToggle}
      />

      <Suspense fallback={null}>
        <RoundCommitment key={game.commitment} roomid={info.room.id} seqno={game.seqno} commitment={game.commitment} />
        <ResultsList roomid={info.room.id} history={info.his} />
      </Suspense>
      <Suspense fallback={null}>
        <LiveOrdersTable
          rows={live.rows}
          stale={live.stale}
          goodAt={live.goodAt}
          known={live.known}
          indicator={<LiveIndicator feed={room.online ? room.stream : 'offline'} />}
        />
      </Suspense>

      <BuyBar
        amount={ticket.amount}
        selectedCount={ticket.selected.length}
        amountError={ticket.errorOf('amount')}
        closedReason={buyRefusal}
        onAmount={ticket.setAmount}
        onBuy={ticket.onBuy}
        onOwnOrders={room.ownSheet.show}
      />

      <ConfirmOrderSheet
        pending={ticket.pending}
        busy={ticket.submitting}
        error={ticket.error}
        onConfirm={() => void ticket.onConfirm()}
        onClose={ticket.closeConfirm}
      />
      <RulesSheet room={info.room} open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <OwnOrdersSheet
        open={room.ownSheet.open}
        seqno={room.ownSeqno}
        drawn={room.ownSeqno !== game.seqno}
        orders={room.own.orders}
        loading={room.own.loading}
        cancelling={room.cancel.cancelling}
        closedReason={closedReason}
        onCancel={(order) => void room.cancel.onCancel(order)}
        onClose={room.ownSheet.close}
      />
    </Page>
  );
}

/**
 * Why Buy and Cancel are disabled, said on them: no connection (nothing can be sent, and the
 * round's state is not confirmed), or the round is closed for orders (or drawn); and a pause in
 * force refuses every order, said before anything is chosen, not after Confirm. Cancelling stays
 * possible during a pause: it only gives money back.
 */
function useOrderRefusals(room: GameRoomState, clock: RoundPhaseClock) {
  const { t } = useLingui();
  const pause = useActivePause();
  const pauseText = usePauseText();
  const closedReason = !room.online
    ? room.browserOnline
      ? t`The server cannot be reached: orders wait until it answers.`
      : t`You are offline: orders need a connection.`
    : clock.closed
      ? messageOf(refuse(MessageKey.Stopped))
      : null;
  return { pause, closedReason, buyRefusal: pause ? pauseText(pause) : closedReason };
}

/** The member's balance in the room, with since-when when it is not confirmed now, and Deposit. */
function RoomBalance({ profile }: { profile: GameRoomState['profile'] }) {
  const { t } = useLingui();
  const balance = profile.data;
  return (
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
  );
}

/** No round to show yet: loading, or why the room cannot be opened, with a retry. */
function RoomNotOpen({ room, history }: { room: GameRoomState; history: ReactNode }) {
  const { t } = useLingui();
  const { round, online } = room;
  return (
    <Page title={t`Game room`} backTo={pathTo('roomList', { type: 1 })} actions={history} className="game-page">
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
    </Page>
  );
}
