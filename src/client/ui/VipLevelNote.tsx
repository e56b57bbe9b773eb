import { useId } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { levelOpens, vipLevel } from '../../shared/vip';
import { useLocale } from '../i18n';
import { pathTo } from '../routing/paths';
import { Icon } from './icons';
import { LevelBadge } from './LevelBadge';
import { levelName } from './levelNames';
import './vip-level.css';

/** A room as the note names it: its title in the member's language and the level it asks for. */
export interface LevelledRoom {
  id: number;
  name: string;
  /** 0: open to every level. */
  minlevel: number;
}

/**
 * What a member's VIP level opens and how a level is reached, wherever VIP rooms are offered (the
 * account page, the room list), so that "not a VIP member yet" is never the first word about it.
 * Levels are display only and set by the operator (SPEC.md section 6, `member:level`): the note
 * says so and where to ask. `rooms`, when known, lists the rooms that ask for a level.
 */
export function VipLevelNote({ level, rooms }: { level: number | undefined; rooms?: readonly LevelledRoom[] }) {
  const { t } = useLingui();
  const titleId = useId();
  const shown = level === undefined ? undefined : vipLevel(level);
  return (
    <section className="card vip-note" aria-labelledby={titleId} data-testid="vip-note">
      <h2 id={titleId} className="vip-note-title">
        {t`VIP level`}
      </h2>
      {shown !== undefined && <MemberLevel level={shown} />}
      {rooms && <RoomNeeds memberLevel={shown} rooms={rooms} />}
      <p className="vip-note-how" data-testid="vip-note-how">
        {t`Levels are set by the operator; playing does not change them. To ask about your level, contact customer service.`}
      </p>
      <Link href={pathTo('service')} className="btn btn-secondary btn-block">
        <Icon name="headset" size={20} />
        {t`Contact customer service`}
      </Link>
    </section>
  );
}

/** "You are VIP 1 · Bronze", with the level's badge. */
function MemberLevel({ level }: { level: number }) {
  const { t, i18n } = useLingui();
  return (
    <p className="vip-note-level">
      <LevelBadge level={level} size={28} />
      <span data-testid="vip-note-level">{t`You are VIP ${level}`}</span>
      <span className="vip-note-level-name">{levelName(i18n, level)}</span>
    </p>
  );
}

/** The rooms that ask for a level, by level (lowest first), each level marked open to the member or not. */
function RoomNeeds({ memberLevel, rooms }: { memberLevel: number | undefined; rooms: readonly LevelledRoom[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const levels = [...new Set(rooms.map((room) => room.minlevel).filter((level) => level > 0))].sort((a, b) => a - b);
  if (levels.length === 0) return <p className="vip-note-rooms-none">{t`No room asks for a VIP level.`}</p>;
  return (
    <>
      <p className="vip-note-rooms-head">{t`Rooms that ask for a level:`}</p>
      <ul className="vip-note-rooms" data-testid="vip-note-rooms">
        {levels.map((level) => {
          const open = memberLevel !== undefined && levelOpens(memberLevel, level);
          const names = rooms.filter((room) => room.minlevel === level).map((room) => room.name);
          return (
            <li key={level} className={open ? 'is-open' : 'is-locked'} data-testid="vip-note-level-rooms">
              <Icon name={open ? 'check' : 'lock'} size={18} />
              <span className="vip-note-room-need">
                <LevelAndAbove level={level} />
                {memberLevel !== undefined && ` · ${open ? t`open to you` : t`not your level yet`}`}
              </span>
              <span className="vip-note-room-names" data-testid="vip-note-room-names">
                {list.format(names)}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** "VIP 2 and above": the words the room cards use for a room's level. */
export function LevelAndAbove({ level }: { level: number }) {
  const { t } = useLingui();
  return <>{t`VIP ${level} and above`}</>;
}
