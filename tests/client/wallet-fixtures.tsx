import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import type { BankCard, FundLogEntry, LeftMoneyAnswer, UserInfo } from '../../src/shared/api/types';
import { DialogHost, Toaster } from '../../src/client/ui';
import { Providers } from './helpers';

export const USER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 3,
  money: 500,
  totalWin: 40,
  noPassword2: 0,
  lang: 'en',
};

export const LEFT: LeftMoneyAnswer = {
  leftmoney: 100,
  turnoverRemaining: 0,
  pendingWithdrawals: 0,
  hasPayPassword: true,
};

/** Added long ago: past the 24-hour hold of a new account. */
const LONG_AGO = { addedAt: 1_700_000_000_000, availableAt: 1_700_086_400_000 };

export const BANK_CARD: BankCard = {
  id: 7,
  type: 'Bank',
  bank: 'Vietcombank',
  account: '0123456789',
  username: 'Nguyen Van A',
  branch: 'Ha Noi',
  address: '',
  ...LONG_AGO,
};

/** Valid by the network rules of src/shared/validation/addresses.ts (format and checksum). */
export const TRC20_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
export const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export const USDT_CARD: BankCard = {
  id: 9,
  type: 'USDT-TRC20',
  bank: '',
  account: '',
  username: '',
  branch: '',
  address: TRC20_ADDRESS,
  ...LONG_AGO,
};

let nextId = 10_000;

export function fundRow(patch: Partial<FundLogEntry> = {}): FundLogEntry {
  const id = patch.id ?? nextId--;
  return {
    id,
    time: 1_773_000_000 + id,
    type: 1,
    money: 10,
    before: 100,
    after: 110,
    reason: 'server text',
    reasonCode: 'award',
    ref: '',
    detail: { round: '', outcome: null, account: '', note: '' },
    ...patch,
  };
}

/** `count` rows with ids from `firstId` down, newest first as the server pages them. */
export function fundRows(firstId: number, count: number): FundLogEntry[] {
  return Array.from({ length: count }, (_, i) => fundRow({ id: firstId - i }));
}

/** A screen with the toast region and the dialog host, as the app shell has them. */
export function renderScreen(Screen: ComponentType) {
  return render(
    <Providers>
      <Screen />
      <Toaster />
      <DialogHost />
    </Providers>,
  );
}

/** Resolves a pending answer from the test, to look at a screen while its request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
