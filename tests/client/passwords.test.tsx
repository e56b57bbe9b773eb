/** The login-password page: each refusal of its rules under the field it is about; a good change is sent once. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { MessageKey } from '../../src/shared/errors';
import LoginPasswordPage from '../../src/client/features/passwords/LoginPasswordPage';
import { startSession } from '../../src/client/api/session';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/userloginpassword');
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const describedText = (label: string) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('login password page', () => {
  it('says each refusal under its field, one at a time, and sends nothing', async () => {
    const fake = fakeFetch({ [ApiPath.changeLoginPassword]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(LoginPasswordPage);
    const save = screen.getByRole('button', { name: 'Save' });

    fireEvent.click(save);
    expect(input('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Current password')).toContain(textOfCode(MessageKey.OriginalInputNull));

    type('Current password', 'old12345');
    expect(input('Current password').getAttribute('aria-invalid')).toBeNull();
    type('New password', 'new12345');
    type('Repeat new password', 'new12346');
    fireEvent.click(save);
    expect(input('Repeat new password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Repeat new password')).toContain(textOfCode(MessageKey.ConfirmError));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(fake.to(ApiPath.changeLoginPassword)).toHaveLength(0);

    type('Repeat new password', 'new12345');
    fireEvent.click(save);
    await waitFor(() => expect(fake.to(ApiPath.changeLoginPassword)).toHaveLength(1));
    expect(fake.to(ApiPath.changeLoginPassword)[0].body).toMatchObject({ passwd: 'old12345', npasswd: 'new12345' });
  });
});
