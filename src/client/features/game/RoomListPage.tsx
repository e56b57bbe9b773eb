import { useId, useState } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { Room } from '../../../shared/api/types';
import { FIRST_VIP_LEVEL } from '../../../shared/constants';
import { validateRoomEntry } from '../../../shared/validation/game';
import { ErrorCode } from '../../../shared/errors';
import { useSession } from '../../api';
import { useProfile, useQuery } from '../../data';
import { messageOf, formatUsd, useLocale } from '../../i18n';
import { EmptyState, Icon, Page, SyncedSection, navigate, toast } from '../../ui';
import { roomsQuery } from './gameApi';
import { formatOdds, moneyCents, oddsSummary, roomTitle } from './model';
import { ROOM_KIND_NAMES } from '../../i18n';
import { pathTo } from '../../routing/paths';
import './game.css';

/** Coin groups: roomtype 1 USDT, 2 BTC, 3 ETH (SPEC.md section 7: roomtype = tab index + 1). */
const COINS = [
  { roomtype: 1, label: 'USDT' },
  { roomtype: 2, label: 'BTC' },
  { roomtype: 3, label: 'ETH' },
] as const;

function initialType(param: string | undefined): number {
  const type = Number(param);
  return COINS.some((coin) => coin.roomtype === type) ? type : 1;
}

function RoomCard({ room, onEnter }: { room: Room; onEnter: (room: Room) => void }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const locale = useLocale();
  const titleId = useId();
  const detailsId = useId();
  const { twoWay, best } = oddsSummary(room);
  const twoWayOdds = formatOdds(twoWay);
  const bestOdds = formatOdds(best);
  const level = room.minlevel;
  const minJoin = formatUsd(room.minjoin);
  const minBuy = formatUsd(room.minbuy);
  return (
    <li>
      <button
        type="button"
        className={`room-card is-${room.kind}`}
        onClick={() => onEnter(room)}
        aria-labelledby={titleId}
        aria-describedby={detailsId}
        data-testid={`room-${room.id}`}
      >
        <span className="room-card-head">
          <span id={titleId} className="room-title">
            {roomTitle(room, locale)}
          </span>
          <span className={`kind-chip is-${room.kind}`}>{_(ROOM_KIND_NAMES[room.kind])}</span>
        </span>
        <span id={detailsId} className="room-details">
          <span className="room-figure">
            <span className="room-figure-label">{t`Minimum to join`}</span>
            <span className="room-figure-value" data-testid="room-minjoin">
              {minJoin} USD
            </span>
          </span>
          <span className="room-figure">
            <span className="room-figure-label">{t`Odds`}</span>
            <span className="room-figure-value">{t`Big/Small ×${twoWayOdds} · up to ×${bestOdds}`}</span>
          </span>
          <span className="room-figure room-figure-small">
            {t`Minimum order total ${minBuy} USD`}
            {level > 0 && ` · ${t`VIP ${level} and above`}`}
          </span>
        </span>
        <Icon name="chevron" size={20} className="room-chevron" />
      </button>
    </li>
  );
}

/** Rooms by coin (tabs USDT, BTC, ETH), cached so the list opens offline, marked stale. */
export default function RoomListPage() {
  const { t } = useLingui();
  const { type } = useParams<{ type: string }>();
  const [roomtype, setRoomtype] = useState(() => initialType(type));
  const rooms = useQuery(roomsQuery(roomtype));
  const profile = useProfile();
  const { token } = useSession();
  const panelId = useId();

  function enter(room: Room) {
    if (!token) return navigate(pathTo('login'));
    // SPEC.md section 5, Room entry: balance at least minjoin (2004 with the amount), VIP level (2055).
    const refusal = validateRoomEntry({
      loggedIn: true,
      balance: moneyCents(profile.data?.money),
      minJoin: moneyCents(room.minjoin),
      vipRoom: room.minlevel > 0,
      level: profile.data?.level ?? FIRST_VIP_LEVEL,
      vipMinLevel: room.minlevel,
    });
    if (refusal?.code === ErrorCode.LoginInvalid) return navigate(pathTo('login'));
    if (refusal) return void toast.warn(messageOf(refusal));
    navigate(pathTo('activity', { id: room.id }));
  }

  return (
    <Page title={t`Rooms`} className="rooms-page">
      <div className="coin-tabs" role="tablist" aria-label={t`Coin`}>
        {COINS.map((coin) => (
          <button
            key={coin.roomtype}
            type="button"
            role="tab"
            className={`coin-tab${coin.roomtype === roomtype ? ' is-active' : ''}`}
            aria-selected={coin.roomtype === roomtype}
            aria-controls={panelId}
            onClick={() => setRoomtype(coin.roomtype)}
          >
            {coin.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-label={COINS.find((coin) => coin.roomtype === roomtype)?.label}>
        <SyncedSection
          synced={rooms}
          unavailableTitle={t`Rooms unavailable`}
          loading={
            <ul className="room-list" aria-busy="true" aria-label={t`Loading`}>
              {[0, 1, 2].map((i) => (
                <li key={i} className="room-card skeleton" />
              ))}
            </ul>
          }
          empty={<EmptyState title={t`No rooms yet`} text={t`Rooms for this coin will be listed here.`} icon="crown" />}
        >
          {(list) => (
            <ul className="room-list" data-testid="room-list">
              {list.map((room) => (
                <RoomCard key={room.id} room={room} onEnter={enter} />
              ))}
            </ul>
          )}
        </SyncedSection>
      </div>
    </Page>
  );
}
