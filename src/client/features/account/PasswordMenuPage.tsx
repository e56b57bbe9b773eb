import { useLingui } from '@lingui/react/macro';
import { MenuLink, MenuList, Page } from '../../ui';
import { pathTo } from '../../routing/paths';

/** The account menu's "Password" entry: both passwords, and the withdrawal accounts they guard, in one place. */
export default function PasswordMenuPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Passwords`} backTo={pathTo('account')}>
      <MenuList label={t`Passwords`}>
        <MenuLink to={pathTo('loginPassword')} icon="lock" label={t`Login password`} />
        <MenuLink to={pathTo('payPassword')} icon="shield" label={t`Withdrawal password`} />
        <MenuLink to={pathTo('bankList')} icon="card" label={t`Withdrawal accounts`} />
      </MenuList>
    </Page>
  );
}
