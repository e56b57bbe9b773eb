import { render } from '@testing-library/react';
import type { Banner, UserInfo, WinnerEntry } from '../../src/shared/api/types';
import HomePage from '../../src/client/features/home/HomePage';
import { Toaster } from '../../src/client/ui';
import { Providers } from './helpers';

export const USER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 3,
  money: 1234.5,
  totalWin: 0,
  noPassword2: 0,
  lang: 'en',
};

/** A banner with a different picture per language, as path (zh-CN), path_tw, path_vi, path_yw (en). */
export function banner(id: number): Banner {
  return {
    id,
    path: `/banners/${id}-zh-CN.svg`,
    path_tw: `/banners/${id}-zh-TW.svg`,
    path_vi: `/banners/${id}-vi.svg`,
    path_yw: `/banners/${id}-en.svg`,
  };
}

let nextWinner = 500;
export function winner(patch: Partial<WinnerEntry> = {}): WinnerEntry {
  const id = patch.id ?? nextWinner--;
  return {
    id,
    user: 'de****01',
    gametype: 15,
    seqno: '20260310-0001',
    value: 0,
    valuecn: 'Big',
    values: [0],
    money: 195,
    time: 1_773_000_000 + id,
    ...patch,
  };
}

export function renderHome() {
  return render(
    <Providers>
      <HomePage />
      <Toaster />
    </Providers>,
  );
}

/** Forces prefers-reduced-motion for the test (happy-dom answers no by default). */
export function stubReducedMotion(reduce: boolean): void {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => {
    if (!query.includes('prefers-reduced-motion')) return original(query);
    const list = new EventTarget() as MediaQueryList;
    Object.defineProperties(list, {
      matches: { value: reduce },
      media: { value: query },
    });
    return list;
  };
}
