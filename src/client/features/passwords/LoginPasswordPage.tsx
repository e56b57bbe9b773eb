import { useLingui } from '@lingui/react/macro';
import { validateLoginPasswordChange } from '../../../shared/validation';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePasswordChangeForm } from './usePasswordChangeForm';

export default function LoginPasswordPage() {
  const { t } = useLingui();
  const write = useWrite(ApiPath.changeLoginPassword);
  const form = usePasswordChangeForm(validateLoginPasswordChange, write);
  const { field, errorOf } = form;

  const onSubmit = form.submit(async ({ old, next }) => {
    if (!(await write.send({ passwd: old, npasswd: next })).ok) return;
    form.reset();
    toast.success(t`Login password changed`);
    goBack(pathTo('settings'));
  });

  return (
    <Page title={t`Login password`} backTo={pathTo('settings')}>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={errorOf('old')}
          {...field('old')}
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          error={errorOf('next')}
          {...field('next')}
        />
        <TextField
          label={t`Repeat new password`}
          type="password"
          autoComplete="new-password"
          error={errorOf('repeat')}
          {...field('repeat')}
        />
        <FormError message={write.error} />
        <SubmitButton busy={write.busy}>{t`Save`}</SubmitButton>
      </form>
    </Page>
  );
}
