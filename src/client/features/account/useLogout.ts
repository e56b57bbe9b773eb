import { useLingui } from '@lingui/react/macro';
import { logout } from '../../data';
import { confirmDialog, navigate, toast } from '../../ui';
import { pathTo } from '../../routing/paths';

/** Logout after confirmation (SPEC.md section 2), then the login page. */
export function useLogout(): () => Promise<void> {
  const { t } = useLingui();
  return async () => {
    const confirmed = await confirmDialog({
      title: t`Log out?`,
      message: t`You will need your password to log in again.`,
      confirmLabel: t`Log out`,
      cancelLabel: t`Cancel`,
      tone: 'danger',
    });
    if (!confirmed) return;
    await logout();
    toast.info(t`Logged out`);
    navigate(pathTo('login'), { replace: true });
  };
}
