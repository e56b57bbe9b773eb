import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LanguagePage from '../../src/client/features/language/LanguagePage';
import { activateLocale, storedLocale, textOfCode } from '../../src/client/i18n';
import { currentApiLang } from '../../src/client/api';
import { ErrorCode } from '../../src/shared/errors';
import { Providers, resetClientState } from './helpers';

function renderPicker() {
  return render(
    <Providers>
      <LanguagePage />
    </Providers>,
  );
}

beforeEach(async () => {
  await resetClientState();
  await act(async () => activateLocale('en', { persist: false }));
});

afterAll(async () => {
  await activateLocale('en', { persist: false });
});

describe('language picker', () => {
  it('lists zh-CN, zh-TW, en-US and Vi by their own names, in that order, with the active one checked', () => {
    renderPicker();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['zh-CN', 'zh-TW', 'en', 'vi']);
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '简体中文' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '繁體中文' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Tiếng Việt' })).toBeTruthy();
  });

  it('each language has its flag as a picture, never an emoji (Windows shows emoji flags as letters)', () => {
    renderPicker();
    const options = screen.getAllByRole('radio').map((radio) => radio.closest('label')!);
    expect(options.map((label) => label.querySelector('svg.language-flag')?.getAttribute('data-flag'))).toEqual([
      'zh-CN',
      'zh-TW',
      'en',
      'vi',
    ]);
    for (const label of options) {
      expect(
        label.querySelector('svg.language-flag')!.querySelectorAll('rect, polygon, circle').length,
      ).toBeGreaterThan(0);
      // No regional-indicator letters (the code points emoji flags are made of).
      expect(label.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    }
  });

  it('switching changes the texts, <html lang>, the request lang and the stored choice', async () => {
    renderPicker();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { name: '语言' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('lang')).toBe('zh-CN');
    expect(storedLocale()).toBe('zh-CN');
    expect(currentApiLang()).toBe('chs');
    // The error catalogue follows the language too.
    expect(textOfCode(ErrorCode.LoginPasswordLength)).not.toBe('');
    expect(textOfCode(ErrorCode.LoginPasswordLength)).toMatch(/[\u4e00-\u9fff]/);

    fireEvent.click(screen.getByRole('radio', { name: 'Tiếng Việt' }));
    expect(await screen.findByRole('heading', { name: 'Ngôn ngữ' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    expect(currentApiLang()).toBe('vi');

    fireEvent.click(screen.getByRole('radio', { name: '繁體中文' }));
    expect(await screen.findByRole('heading', { name: '語言' })).toBeTruthy();
    expect(currentApiLang()).toBe('cht');
    await waitFor(() => expect(screen.getByRole('radio', { name: '繁體中文' })).toHaveProperty('checked', true));
  });

  it("a first visit opens in the browser's language when the app speaks it, else Vietnamese; a stored choice wins", () => {
    const languages = vi.spyOn(Object.getPrototypeOf(navigator) as Navigator, 'languages', 'get');
    try {
      localStorage.removeItem('lang');
      const firstVisit = (preferred: string[]) => {
        languages.mockReturnValue(preferred);
        return storedLocale();
      };
      expect(firstVisit(['en-GB', 'vi'])).toBe('en');
      expect(firstVisit(['fr-FR', 'vi-VN'])).toBe('vi');
      expect(firstVisit(['zh-HK', 'en'])).toBe('zh-TW');
      expect(firstVisit(['zh-Hant'])).toBe('zh-TW');
      expect(firstVisit(['zh-Hans-CN'])).toBe('zh-CN');
      expect(firstVisit(['zh'])).toBe('zh-CN');
      expect(firstVisit(['fr-FR', 'de'])).toBe('vi');
      expect(firstVisit([])).toBe('vi');
      localStorage.setItem('lang', 'zh-CN');
      expect(firstVisit(['en-US'])).toBe('zh-CN');
      localStorage.setItem('lang', 'klingon');
      expect(firstVisit(['fr'])).toBe('vi');
    } finally {
      languages.mockRestore();
    }
  });
});
