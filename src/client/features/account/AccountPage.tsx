import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../shared/errors';
import { FIRST_VIP_LEVEL } from '../../../shared/constants';
import { vipLevel } from '../../../shared/vip';
import { LOCALE_NAMES } from '../../../shared/locale';
import type { LeftMoneyAnswer, UserInfo } from '../../../shared/api/types';
import { useLeftMoney, useMessageReads, useProfile, type Synced } from '../../data';
import { textOfCode, useLocale, formatUsd } from '../../i18n';
import {
  Icon,
  LevelBadge,
  MenuLink,
  MenuList,
  Page,
  StaleBadge,
  SyncedSection,
  levelName,
  navigate,
  toast,
  useScreenActive,
  WithdrawableFigure,
} from '../../ui';
import { useLevelledRooms } from './useLevelledRooms';
import { VipLevelNote } from '../../ui/VipLevelNote';
import { useLogout } from './useLogout';
import { pathTo } from '../../routing/paths';
import './account.css';

export default function AccountPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const profile = useProfile();
  const left = useLeftMoney();
  const logout = useLogout();
  const active = useScreenActive();
  const rooms = useLevelledRooms();
  const reads = useMessageReads();

  // The page is kept alive: coming back to it (after a round, a withdrawal...) confirms the figures
  // and how many messages wait.
  const { refresh } = profile;
  const refreshLeft = left.refresh;
  const refreshReads = reads.refresh;
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) {
      void refresh();
      void refreshLeft();
      void refreshReads();
    }
    wasActive.current = active;
  }, [active, refresh, refreshLeft, refreshReads]);

  const settings = (
    <Link href={pathTo('settings')} className="icon-btn" aria-label={t`Settings`}>
      <Icon name="gear" />
    </Link>
  );

  return (
    <Page title={t`My account`} back={false} actions={settings} className="account-page">
      <SyncedSection
        synced={profile}
        badge={false}
        unavailableTitle={t`Account details unavailable`}
        loading={<div className="account-card card skeleton" aria-busy="true" aria-label={t`Loading`} />}
      >
        {(user) => <AccountCard user={user} profile={profile} left={left} />}
      </SyncedSection>

      <VipLevelNote level={profile.data?.level} rooms={rooms} />

      <MenuList label={t`Account menu`}>
        <MenuLink to={pathTo('income')} icon="receipt" label={t`Fund log`} />
        <MenuLink to={pathTo('messages')} icon="inbox" label={t`Messages`} unread={reads.data?.unread} />
        <MenuLink to={pathTo('passwords')} icon="lock" label={t`Password`} />
        <MenuLink to={pathTo('responsiblePlay')} icon="timer" label={t`Responsible play`} />
        <MenuLink to={pathTo('language')} icon="globe" label={t`Language`} detail={LOCALE_NAMES[locale]} />
        <MenuLink to={pathTo('finance')} icon="coins" label={t`Mining pool`} detail={t`Listed by the operator`} />
      </MenuList>

      <button type="button" className="btn btn-ghost btn-block logout-btn" onClick={() => void logout()}>
        <Icon name="logout" size={20} />
        {t`Log out`}
      </button>
    </Page>
  );
}

/** Name, VIP level, balance, what can be withdrawn, and the two money actions. */
function AccountCard({
  user,
  profile,
  left,
}: {
  user: UserInfo;
  profile: Synced<UserInfo>;
  left: Synced<LeftMoneyAnswer>;
}) {
  const { t, i18n } = useLingui();
  const level = vipLevel(user.level ?? FIRST_VIP_LEVEL);
  return (
    <section className="account-card card" aria-label={t`Account summary`}>
      <div className="account-identity">
        <LevelBadge level={user.level} />
        <div>
          <p className="account-nickname" data-testid="nickname">
            {user.nickname || user.name}
          </p>
          <p className="account-level">
            <span data-testid="level">{t`VIP ${level}`}</span>
            <span className="account-level-name" data-testid="level-name">
              {levelName(i18n, level)}
            </span>
          </p>
        </div>
      </div>
      <StaleBadge status={profile.status} updatedAt={profile.updatedAt} validating={profile.isValidating} />
      <dl className="account-figures">
        <div>
          <dt>{t`Balance (USD)`}</dt>
          <dd className="figure" data-testid="balance">
            {formatUsd(user.money)}
          </dd>
        </div>
        <div>
          <dt>{t`Withdrawable (USD)`}</dt>
          <dd>
            <WithdrawableFigure left={left.data} loading={left.isLoading} />
          </dd>
        </div>
      </dl>
      <div className="account-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => toast.warn(textOfCode(ErrorCode.ContactServiceForDeposit))}
        >
          {t`Recharge`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => navigate(pathTo('withdraw'))}>
          {t`Withdraw`}
        </button>
      </div>
    </section>
  );
}
