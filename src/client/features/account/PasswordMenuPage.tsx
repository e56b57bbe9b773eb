import { useLingui } from '@lingui/react/macro';
import { MenuLink, MenuList, Page } from '../../ui';

/** The account menu's "Password" entry: both passwords in one place. */
export default function PasswordMenuPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Passwords`} backTo="/user">
      <MenuList label={t`Passwords`}>
        <MenuLink to="/userloginpassword" icon="lock" label={t`Login password`} />
        <MenuLink to="/usercipherpassword" icon="shield" label={t`Withdrawal password`} />
      </MenuList>
    </Page>
  );
}
