import { Fragment } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { HomeTile } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { focusText } from '../../../shared/game';
import { localized } from '../../../shared/locale';
import { isSafeUrl } from '../../../shared/content';
import { validateRoomEntry } from '../../../shared/validation/game';
import { wireCents } from '../../../shared/money';
import { useSession } from '../../api';
import { useProfile, useQuery } from '../../data';
import { formatDecimal, roomEntryText, textOfCode, useLocale } from '../../i18n';
import { StaleBadge, navigate, toast } from '../../ui';
import { homeTilesQuery } from './homeApi';
import { pathTo } from '../../routing/paths';

/**
 * Home's eight game tiles (SPEC.md section 2), named and pictured per language by the operator;
 * each leads to its game's standard room, with the outcomes the tile is about shown first there
 * (`?focus=`). A member whose balance the app holds is checked against the room's minimum first
 * (2004); a guest goes straight on and the room's auth guard sends them to log in. A tile whose room is switched off says so
 * and opens nothing.
 */
export function GameTiles() {
  const { t } = useLingui();
  const locale = useLocale();
  const tiles = useQuery(homeTilesQuery, { maxAgeMs: 60_000 });
  const { member } = useSession();
  const profile = useProfile();
  const list = tiles.data ?? [];
  if (list.length === 0 && !tiles.isLoading) return null;

  function open(tile: HomeTile) {
    if (!tile.enabled) return void toast.warn(textOfCode(ErrorCode.TradingStopped));
    // Checked only against a balance the app knows: a tap before the profile has come goes on,
    // and the room refuses there if it must (2004), never here on a balance taken for zero.
    if (member && profile.data) {
      const refusal = validateRoomEntry({
        loggedIn: true,
        balance: wireCents(profile.data.money),
        minJoin: wireCents(tile.minjoin),
        vipRoom: false,
        level: profile.data.level,
        vipMinLevel: 0,
      });
      if (refusal) return void toast.warn(roomEntryText(refusal, wireCents(profile.data.money)));
    }
    const focus = focusText(tile.focus ?? []);
    navigate(pathTo('activity', { id: tile.roomid }, focus ? { focus } : undefined));
  }

  return (
    <section className="game-tiles" aria-labelledby="game-tiles-title">
      <div className="game-tiles-head">
        <h2 id="game-tiles-title" className="section-title">
          {t`Games`}
        </h2>
        <StaleBadge status={tiles.status} updatedAt={tiles.updatedAt} validating={tiles.isValidating} />
      </div>
      {list.length === 0 && (
        // The tiles' boxes before they arrive, so nothing below them moves when they do.
        <ul aria-busy="true" aria-label={t`Loading`}>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <div className="game-tile" aria-hidden="true">
                <span className="game-tile-picture skeleton" />
                <span className="game-tile-title">{'\u00a0'}</span>
                <span className="game-tile-detail">{'\u00a0'}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ul>
        {list.map((tile) => {
          const minutes = formatDecimal(tile.seconds / 60, tile.seconds % 60 === 0 ? 0 : 1);
          const picture = localized(tile.images, locale);
          return (
            <li key={tile.id}>
              <button type="button" className="game-tile" onClick={() => open(tile)} data-testid="game-tile">
                {isSafeUrl(picture) && (
                  <img
                    className="game-tile-picture"
                    src={picture}
                    alt=""
                    width={52}
                    height={52}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <span className="game-tile-title" data-testid="game-tile-name">
                  <TileName name={localized(tile.names, locale)} />
                </span>
                <span className="game-tile-detail">
                  {tile.enabled
                    ? t`${minutes} min`
                    : t({ message: 'Closed', context: 'game tile of a room switched off' })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A tile's name, which may break after a slash ("Lớn/<break>Nhỏ") on a narrow tile rather than
 * inside a word.
 */
function TileName({ name }: { name: string }) {
  const parts = name.split('/');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
