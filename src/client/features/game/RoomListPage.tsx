import { useId, useState } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { Room } from '../../../shared/api/types';
import { levelOpens, vipLevel } from '../../../shared/vip';
import { validateRoomEntry } from '../../../shared/validation/game';
import { ErrorCode } from '../../../shared/errors';
import { useSession } from '../../api';
import { useProfile, useQuery } from '../../data';
import { formatUsd, roomEntryText, useLocale } from '../../i18n';
import { EmptyState, Icon, Page, SyncedSection, navigate, toast } from '../../ui';
// Not through ui/'s index: the note brings its styles, which would join the first screen's.
import { LevelAndAbove, VipLevelNote } from '../../ui/VipLevelNote';
import { roomsQuery } from './gameApi';
import { wireCents } from '../../../shared/money';
import { formatOdds, oddsSummary, roomTitle } from './model';
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

/**
 * A room: title, kind, minimum to join, odds, and the level it asks for, marked for the member's
 * own level (`memberLevel`, unknown until the profile is read).
 */
function RoomCard({
  room,
  memberLevel,
  onEnter,
}: {
  room: Room;
  memberLevel: number | undefined;
  onEnter: (room: Room) => void;
}) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const locale = useLocale();
  const titleId = useId();
  const detailsId = useId();
  const { twoWay, best } = oddsSummary(room);
  const twoWayOdds = formatOdds(twoWay);
  const bestOdds = formatOdds(best);
  const level = room.minlevel;
  const open = memberLevel === undefined || levelOpens(memberLevel, level);
  const minJoin = formatUsd(room.minjoin);
  const minBuy = formatUsd(room.minbuy);
  return (
    <li>
      <button
        type="button"
        className={`room-card is-${room.kind}${open ? '' : ' is-locked'}`}
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
          <span className="room-figure room-figure-small">{t`Minimum order total ${minBuy} USD`}</span>
          {level > 0 && (
            <span className="room-figure room-figure-small room-level" data-testid="room-level">
              <Icon name={open ? 'crown' : 'lock'} size={16} />
              <span>
                <LevelAndAbove level={level} />
                {!open && ` · ${t`not your level yet`}`}
              </span>
            </span>
          )}
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
  const { member } = useSession();
  const panelId = useId();

  function enter(room: Room) {
    if (!member) return navigate(pathTo('login'));
    // Checked only against a balance and level the app knows: a tap before the profile has come
    // goes on, and the room refuses there if it must, never here on a balance taken for zero.
    if (!profile.data) return navigate(pathTo('activity', { id: room.id }));
    // SPEC.md section 5, Room entry: balance at least minjoin (2004 with the amount), VIP level (2055).
    const refusal = validateRoomEntry({
      loggedIn: true,
      balance: wireCents(profile.data.money),
      minJoin: wireCents(room.minjoin),
      vipRoom: room.minlevel > 0,
      level: profile.data.level,
      vipMinLevel: room.minlevel,
    });
    if (refusal?.code === ErrorCode.LoginInvalid) return navigate(pathTo('login'));
    if (refusal?.code === ErrorCode.NotVip) {
      // Not the bare "not a VIP member yet": what the room asks, the member's level, and how one is reached.
      const needed = room.minlevel;
      const level = vipLevel(profile.data.level);
      return void toast.warn(
        t`This room needs VIP ${needed}; you are VIP ${level}. Levels are set by the operator: contact customer service to ask about yours.`,
      );
    }
    if (refusal) return void toast.warn(roomEntryText(refusal, wireCents(profile.data.money)));
    navigate(pathTo('activity', { id: room.id }));
  }

  return (
    <Page title={t`Rooms`} className="rooms-page">
      <VipLevelNote level={profile.data?.level} />
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
                <RoomCard key={room.id} room={room} memberLevel={profile.data?.level} onEnter={enter} />
              ))}
            </ul>
          )}
        </SyncedSection>
      </div>
    </Page>
  );
}
