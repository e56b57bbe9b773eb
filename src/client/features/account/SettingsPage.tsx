import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES } from '../../../shared/locale';
import { useProfile } from '../../data';
import { useLocale } from '../../i18n';
import { Icon, MenuLink, MenuList, Page } from '../../ui';
import { useLogout } from './useLogout';
import { NotificationsSection } from './NotificationsSection';
import { pathTo } from '../../routing/paths';
import './account.css';

/**
 * Security (login password, withdrawal password, withdrawal accounts), this device's notifications
 * (once the member has played), language and logout.
 */
export default function SettingsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const logout = useLogout();
  const noPayPassword = useProfile().data?.noPassword2 === 1;
  return (
    <Page title={t`Settings`} backTo={pathTo('account')}>
      <h2 className="section-title">{t`Security`}</h2>
      <MenuList label={t`Security`}>
        <MenuLink to={pathTo('loginPassword')} icon="lock" label={t`Login password`} />
        <MenuLink
          to={pathTo('payPassword')}
          icon="shield"
          label={t`Withdrawal password`}
          detail={noPayPassword ? t`Not set` : undefined}
        />
        <MenuLink to={pathTo('bankList')} icon="card" label={t`Withdrawal accounts`} />
      </MenuList>
      <NotificationsSection />
      <h2 className="section-title">{t`General`}</h2>
      <MenuList label={t`General`}>
        <MenuLink to={pathTo('language')} icon="globe" label={t`Language`} detail={LOCALE_NAMES[locale]} />
        <MenuLink to={pathTo('version')} icon="download" label={t`App version`} />
      </MenuList>
      <button type="button" className="btn btn-ghost btn-block logout-btn" onClick={() => void logout()}>
        <Icon name="logout" size={20} />
        {t`Log out`}
      </button>
    </Page>
  );
}
