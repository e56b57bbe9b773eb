/**
 * Numbers and dates in the member's language (issue: one date style per context): money always
 * with two decimals and the language's separators, dates in the style of their context, and no
 * screen formatting a figure or a date on its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activateLocale,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatServerDay,
  formatUsd,
} from '../../src/client/i18n';
import { refuse, ErrorCode } from '../../src/shared/errors';
import { formatInstant } from '../../src/shared/instant';
import { renderZone } from '../../src/client/i18n/format';
import { SERVER_TIME_ZONE } from '../../src/shared/serverDay';
import { messageOf } from '../../src/client/i18n';

afterEach(async () => {
  renderZone.timeZone = null;
  await activateLocale('en', { persist: false });
});

// 2026-11-20 14:05:09 local time, a Friday in the past.
const LOCAL = new Date(2026, 10, 20, 14, 5, 9);
const SECONDS = LOCAL.getTime() / 1000;

describe('money and percentages in each language', () => {
  const cases = [
    ['en', '1,234,567.80', '-0.05', '0.15%'],
    ['vi', '1.234.567,80', '-0,05', '0,15%'],
    ['zh-CN', '1,234,567.80', '-0.05', '0.15%'],
    ['zh-TW', '1,234,567.80', '-0.05', '0.15%'],
  ] as const;
  for (const [locale, big, small, percent] of cases) {
    it(`${locale}: ${big}, ${small}, ${percent}`, async () => {
      await activateLocale(locale, { persist: false });
      expect(formatUsd(1234567.8)).toBe(big);
      expect(formatMoney(-5)).toBe(small);
      expect(formatPercent(0.15)).toBe(percent);
    });
  }

  it('a decimal that needs no rounding (odds) is written as Intl writes it; one that does is rounded as Intl rounds', async () => {
    const values = [0, 1.5, 1.95, 2, 9, 12.345, 96, 1234.5, 1234567.25, -1.5, -1234.125, 1.005, 2.675];
    for (const locale of ['en', 'vi', 'zh-CN', 'zh-TW'] as const) {
      await activateLocale(locale, { persist: false });
      for (const value of values) {
        for (const digits of [0, 1, 2, 3]) {
          const byIntl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(value);
          expect(`${locale} ${value} ${digits}: ${formatDecimal(value, digits)}`).toBe(
            `${locale} ${value} ${digits}: ${byIntl}`,
          );
        }
      }
    }
  });

  it('an amount inside a refusal is written in the language the refusal is read in', async () => {
    const refusal = refuse(ErrorCode.BalanceBelowMinJoin, { num: { cents: 123_450 } });
    expect(messageOf(refusal)).toContain('1,234.50');
    await activateLocale('vi', { persist: false });
    expect(messageOf(refusal)).toContain('1.234,50');
  });
});

describe('one date style per context', () => {
  it('ledger to the second, article days, ticker month-day-time, in the language', async () => {
    expect(formatDate(SECONDS, 'ledger')).toBe('11/20/2026, 14:05:09');
    expect(formatDate(SECONDS, 'day')).toBe('11/20/2026');
    expect(formatDate(SECONDS, 'ticker')).toBe('11/20, 14:05');
    await activateLocale('vi', { persist: false });
    expect(formatDate(SECONDS, 'ledger')).toBe('14:05:09 20/11/2026');
    expect(formatDate(SECONDS, 'day')).toBe('20/11/2026');
    await activateLocale('zh-TW', { persist: false });
    expect(formatDate(SECONDS, 'day')).toBe('2026/11/20');
  });

  it('a moment: the date and the time, today too (a time alone does not say which day), in the language', async () => {
    const today = new Date();
    today.setHours(9, 7, 0, 0);
    const date = [today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0')).join('/');
    expect(formatDateTime(today.getTime())).toBe(`${date}/${today.getFullYear()}, 09:07`);
    expect(formatDateTime(LOCAL.getTime())).toBe('11/20/2026, 14:05');
    await activateLocale('vi', { persist: false });
    expect(formatDateTime(LOCAL.getTime())).toBe('14:05 20/11/2026');
  });

  it('the server writes the same moment in its own zone, named; a day of its calendar reads as that day anywhere', () => {
    // 06:05 UTC is 14:05 in UTC+8.
    const utc = Date.UTC(2026, 10, 20, 6, 5);
    expect(formatInstant(utc, 'en', 'moment', { timeZone: SERVER_TIME_ZONE, named: true })).toBe(
      '11/20/2026, 14:05 GMT+8',
    );
    expect(formatServerDay('2026-11-25')).toBe('11/25/2026');
  });

  it('spaces are plain in every language, whatever the ICU (a server-rendered page and the app write the same)', async () => {
    for (const locale of ['vi', 'zh-CN', 'zh-TW', 'en'] as const) {
      await activateLocale(locale, { persist: false });
      for (const text of [
        formatDateTime(LOCAL.getTime()),
        formatDate(SECONDS, 'ledger'),
        formatDate(SECONDS, 'ticker'),
      ])
        expect(text, `${locale}: ${JSON.stringify(text)}`).not.toMatch(/[^\x21-\x7e\u3000-\u9fff ]/);
    }
    await activateLocale('zh-TW', { persist: false });
    expect(formatDateTime(LOCAL.getTime())).toBe('2026/11/20 14:05');
  });

  it('while the server renders a page for a device in another zone, times are written in that zone', () => {
    const utc = Date.UTC(2026, 10, 20, 6, 5);
    renderZone.timeZone = 'Asia/Ho_Chi_Minh';
    expect(formatDateTime(utc)).toBe('11/20/2026, 13:05');
    renderZone.timeZone = 'UTC';
    expect(formatDateTime(utc)).toBe('11/20/2026, 06:05');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no screen formats on its own', () => {
  it('money and dates in src/client go through src/client/i18n/format.ts', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles('src/client')) {
      if (file.endsWith(join('i18n', 'format.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      if (/import \{[^}]*\bformat(Usd|Money)\b[^}]*\} from '[./]*shared\/money'/.test(text))
        offenders.push(`${file}: money formatted without the member's language`);
      if (/Intl\.DateTimeFormat|toLocale(Date|Time)?String/.test(text))
        offenders.push(`${file}: a date style of its own`);
    }
    expect(offenders).toEqual([]);
  });
});
