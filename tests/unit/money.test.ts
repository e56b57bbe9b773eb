import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountText,
  formatMoney,
  groupDigits,
  sanitizeAmountInput,
  separatorsOf,
  toCents,
  toUsd,
  wireCents,
} from '../../src/shared/money';
import { LOCALES } from '../../src/shared/locale';

describe('money', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(-100050)).toBe('-1,000.50');
  });
  it("writes the member's language's separators: Vietnamese groups with dots and decimals with a comma", () => {
    expect(formatMoney(123456789, 'vi')).toBe('1.234.567,89');
    expect(formatMoney(-100050, 'vi')).toBe('-1.000,50');
    expect(formatMoney(123456789, 'zh-CN')).toBe('1,234,567.89');
    expect(formatMoney(123456789, 'zh-TW')).toBe('1,234,567.89');
  });
  it("writes each app language's amounts as Intl does, without constructing an Intl format", () => {
    for (const locale of LOCALES) {
      const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
      expect(separatorsOf(locale)).toEqual({
        group: parts.find((part) => part.type === 'group')?.value,
        decimal: parts.find((part) => part.type === 'decimal')?.value,
      });
      const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
      fc.assert(
        fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
          const abs = Math.abs(cents);
          const sign = cents < 0 ? '-' : '';
          const fraction = String(abs % 100).padStart(2, '0');
          const byIntl = `${sign}${whole.format(Math.floor(abs / 100))}${separatorsOf(locale).decimal}${fraction}`;
          return formatMoney(cents, locale) === byIntl;
        }),
      );
    }
  });
  it('groups digits by three from the right', () => {
    expect(['', '1', '12', '123', '1234', '123456', '1234567'].map((d) => groupDigits(d, ' '))).toEqual([
      '',
      '1',
      '12',
      '123',
      '1 234',
      '123 456',
      '1 234 567',
    ]);
  });
  it('stays exact past the precision of a float of dollars', () => {
    // 2^53 - 1 cents: dividing by 100 as a float would round the last digits.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'en')).toBe('90,071,992,547,409.91');
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        const text = formatMoney(cents, 'vi').replace(/\./g, '').replace(',', '');
        return Number(text) === cents;
      }),
    );
  });
  it('reads USD into cents exactly', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('1000')).toBe(100000);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('-1')).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
  it('round-trips every cent amount through the wire', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => toCents(toUsd(cents)) === cents));
  });
  it('keeps digits and one decimal point as the member types, commas stripped', () => {
    expect(sanitizeAmountInput('1,234.5.6')).toBe('1234.56');
    expect(sanitizeAmountInput('12a3 $')).toBe('123');
    expect(sanitizeAmountInput('.5')).toBe('.5');
  });

  it('a wire figure is cents without the float noise; missing is 0', () => {
    expect(wireCents(0.1 + 0.2)).toBe(30);
    expect(wireCents(1.15)).toBe(115);
    expect(wireCents(undefined)).toBe(0);
    expect(wireCents(Number.NaN)).toBe(0);
  });

  it('an amount field reads back, through toCents, the cents it was filled with', () => {
    expect(amountText(123_450)).toBe('1234.50');
    expect(amountText(5)).toBe('0.05');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => toCents(amountText(cents)) === cents),
    );
  });
});
