import { useLingui } from '@lingui/react/macro';
import type { GameListItem } from '../../../shared/api/types';
import { FIRST_VIP_LEVEL } from '../../../shared/constants';
import { validateRoomEntry } from '../../../shared/validation/game';
import { useSession } from '../../api';
import { useProfile, useQuery } from '../../data';
import { messageOf, useLocale, formatUsd } from '../../i18n';
import { Icon, StaleBadge, navigate, toast } from '../../ui';
import { gameListQuery } from './homeApi';
import { pathTo } from '../../routing/paths';

/**
 * One tile per game (SPEC.md section 2, Home): each leads to its standard room. A member is checked
 * against the room's minimum first (2004); a guest goes straight on and the room's auth guard sends
 * them to log in.
 */
export function GameTiles() {
  const { t } = useLingui();
  const locale = useLocale();
  const games = useQuery(gameListQuery, { maxAgeMs: 60_000 });
  const { token } = useSession();
  const profile = useProfile();
  const list = games.data ?? [];
  if (list.length === 0) return null;
  const minutesFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

  function open(game: GameListItem) {
    if (token) {
      const money = profile.data?.money ?? 0;
      const refusal = validateRoomEntry({
        loggedIn: true,
        balance: Math.round(money * 100),
        minJoin: Math.round(game.minjoin * 100),
        vipRoom: false,
        level: profile.data?.level ?? FIRST_VIP_LEVEL,
        vipMinLevel: 0,
      });
      if (refusal) return void toast.warn(messageOf(refusal));
    }
    navigate(pathTo('activity', { id: game.roomid }));
  }

  return (
    <section className="game-tiles" aria-labelledby="game-tiles-title">
      <div className="game-tiles-head">
        <h2 id="game-tiles-title" className="section-title">
          {t`Games`}
        </h2>
        <StaleBadge status={games.status} updatedAt={games.updatedAt} validating={games.isValidating} />
      </div>
      <ul>
        {list.map((game) => {
          const minutes = minutesFormat.format(game.seconds / 60);
          const minJoin = formatUsd(game.minjoin);
          return (
            <li key={game.id}>
              <button
                type="button"
                className="game-tile"
                onClick={() => open(game)}
                data-testid={`game-tile-${game.id}`}
              >
                <span className="game-tile-icon" aria-hidden="true">
                  <Icon name="chart" size={26} />
                </span>
                <span className="game-tile-title">{t`Rounds every ${minutes} min`}</span>
                <span className="game-tile-detail">{t`From ${minJoin} USD`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
