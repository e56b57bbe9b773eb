import { useLingui } from '@lingui/react/macro';
import { MenuLink, MenuList, Page } from '../../ui';
import { pathTo } from '../../routing/paths';
import { SessionList } from './SessionList';
import './account.css';

/**
 * The account menu's "Password" entry, the security page: both passwords, the withdrawal accounts
 * they guard, and where the member is logged in.
 */
export default function PasswordMenuPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Passwords`} backTo={pathTo('account')}>
      <MenuList label={t`Passwords`}>
        <MenuLink to={pathTo('loginPassword')} icon="lock" label={t`Login password`} />
        <MenuLink to={pathTo('payPassword')} icon="shield" label={t`Withdrawal password`} />
        <MenuLink to={pathTo('bankList')} icon="card" label={t`Withdrawal accounts`} />
      </MenuList>
      <SessionList />
    </Page>
  );
}
