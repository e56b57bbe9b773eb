import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import RegisterPage from '../../src/client/features/auth/RegisterPage';
import LoginPasswordPage from '../../src/client/features/passwords/LoginPasswordPage';
import WithdrawPage from '../../src/client/features/wallet/WithdrawPage';
import { TextField, Toaster, useFieldErrors } from '../../src/client/ui';
import { setQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { startSession } from '../../src/client/api/session';
import { textOfCode } from '../../src/client/i18n';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode, MessageKey } from '../../src/shared/errors';
import type { AppConfig, UserInfo } from '../../src/shared/api/types';
import { fakeFetch, ok, Providers, refused, resetClientState } from './helpers';
import { BANK_CARD, LEFT, renderScreen, USDT_CARD, USER } from './wallet-fixtures';

/**
 * A refused form brings the refused field into view with focus on it (the message under it would
 * otherwise sit off-screen above the submit button), in every form, and a success takes away the
 * warnings of the attempts before it.
 */

const CONFIG: AppConfig = {
  siteName: 'RoundPlay',
  serviceUrl: '',
  depositInstructions: '',
  agreement: 1,
  defaultQuhao: '+84',
  priceFeedUrl: '',
  versions: { android: { version: '1.0.0', url: '' }, ios: { version: '1.0.0', url: '' } },
  serverTime: 0,
};

beforeEach(async () => {
  await resetClientState();
  await setQueryData(queryKey(ApiPath.getConfig, {}), CONFIG);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderRegister() {
  return render(
    <Providers>
      <RegisterPage />
      <Toaster />
    </Providers>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const register = () => screen.getByRole('button', { name: 'Register' });

function fillValid() {
  fill('Account', 'newuser1');
  fill('Phone number', '912345678');
  fill('Verification code', '123456');
  fill('Password', 'abc12345');
  fill('Confirm password', 'abc12345');
  fill('Invitation code', 'INVITE01');
  fireEvent.click(screen.getByLabelText('I have read and agree to the member agreement'));
}

describe('a refused field is brought into view with focus on it', () => {
  // The browser scrolls a focused field into view (happy-dom lays nothing out: forms.e2e.ts
  // checks the view at phone widths).
  it('register, submitted empty: focus leaves the button for the account field', async () => {
    renderRegister();
    register().focus();
    fireEvent.click(register());
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.UsernameLettersDigits));
    expect(document.activeElement).toBe(input('Account'));
    expect(input('Account').getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });

  it('the same refusal again, nothing edited: focus comes back to the field', async () => {
    renderRegister();
    fireEvent.click(register());
    await waitFor(() => expect(document.activeElement).toBe(input('Account')));
    register().focus();
    fireEvent.click(register());
    await waitFor(() => expect(document.activeElement).toBe(input('Account')));
  });

  it('a refused checkbox takes focus too (the agreement)', async () => {
    renderRegister();
    fillValid();
    fireEvent.click(screen.getByLabelText('I have read and agree to the member agreement'));
    register().focus();
    fireEvent.click(register());
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(MessageKey.Agreement));
    expect(document.activeElement).toBe(input('I have read and agree to the member agreement'));
  });

  it('focus moves once per refusal: typing elsewhere while the message shows leaves focus where the member is', async () => {
    renderRegister();
    fireEvent.click(register());
    await waitFor(() => expect(document.activeElement).toBe(input('Account')));
    input('Phone number').focus();
    fill('Phone number', '9123');
    fill('Password', 'abc');
    expect(screen.getByRole('alert').textContent).toBe(textOfCode(ErrorCode.UsernameLettersDigits));
    expect(document.activeElement).toBe(input('Phone number'));
  });

  it('a password change: the missing current password', async () => {
    startSession('token');
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    render(
      <Providers>
        <LoginPasswordPage />
      </Providers>,
    );
    fill('New password', 'abc12345');
    fill('Repeat new password', 'abc12345');
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(input('Current password'));
  });

  it('withdraw with two accounts and none chosen: focus on the accounts to choose from', async () => {
    startSession('token');
    const user: UserInfo = USER;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.bankCardList]: () => ok([BANK_CARD, USDT_CARD]),
        [ApiPath.leftMoney]: () => ok(LEFT),
        [ApiPath.userInfo]: () => ok(user),
        [ApiPath.withdrawals]: () => ok([]),
      }).fetch,
    );
    renderScreen(WithdrawPage);
    await waitFor(() => expect(screen.getAllByTestId('withdraw-account')).toHaveLength(2));
    fill('Amount (USD)', '50');
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    submit.focus();
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.SelectWithdrawMethod));
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
  });
});

/** A form whose refusals may name a field it does not draw (`hidden`). */
function TwoFields({ refuse }: { refuse: 'first' | 'hidden' }) {
  const fields = useFieldErrors<'first' | 'second' | 'hidden'>();
  const [second, setSecond] = useState('');
  return (
    <>
      <TextField label="First" error={fields.errorOf('first')} />
      <TextField label="Second" value={second} onChange={(event) => setSecond(event.target.value)} />
      <button type="button" onClick={() => fields.refuseAt(refuse, 'Refused')}>
        {`Refuse ${refuse}`}
      </button>
    </>
  );
}

it('a refusal whose field is not drawn moves nothing, then or later', () => {
  render(
    <Providers>
      <TwoFields refuse="first" />
      <TwoFields refuse="hidden" />
    </Providers>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refuse first' }));
  const [first] = screen.getAllByLabelText('First');
  expect(document.activeElement).toBe(first);
  fireEvent.click(screen.getByRole('button', { name: 'Refuse hidden' }));
  // The first form draws its message again as the member types elsewhere in it: focus stays put.
  const [second] = screen.getAllByLabelText('Second');
  second.focus();
  fireEvent.change(second, { target: { value: 'x' } });
  expect(document.activeElement).toBe(second);
});

describe('a success clears the errors before it', () => {
  it('"Account created" does not stand beside the refused invitation code of the attempt before', async () => {
    let attempts = 0;
    const fake = fakeFetch({
      [ApiPath.register]: () =>
        ++attempts === 1
          ? refused(ErrorCode.ReferralCodeWrong, textOfCode(ErrorCode.ReferralCodeWrong), {
              errCode: ErrorCode.ReferralCodeWrong,
            })
          : ok({ token: 'new-member' }),
      [ApiPath.userInfo]: () => ok(USER),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    fillValid();
    fireEvent.click(register());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(textOfCode(ErrorCode.ReferralCodeWrong)),
    );
    fill('Invitation code', 'INVITE02');
    fireEvent.click(register());
    await waitFor(() => expect(screen.queryByText('Account created')).not.toBeNull());
    // The warning leaves (its exit animation aside) long before its own 4 s are up.
    await waitFor(() => expect(screen.queryByText(textOfCode(ErrorCode.ReferralCodeWrong))).toBeNull(), {
      timeout: 1_000,
    });
    expect(screen.queryByText('Account created')).not.toBeNull();
  });
});
