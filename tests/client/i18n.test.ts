import { describe, expect, it } from 'vitest';
import { parsePo } from '../../src/client/i18n/po';
import { messageOf, textOfCode } from '../../src/client/i18n';
import { ALL_ERROR_CODES, ALL_MESSAGE_KEYS, ErrorCode, refuse } from '../../src/shared/errors';
import { validateLogin } from '../../src/shared/validation';

describe('PO reader for the error catalogue', () => {
  it('reads entries, continuation lines and escapes, and skips the header, comments and obsolete entries', () => {
    const text = [
      'msgid ""',
      'msgstr ""',
      '"Language: en\\n"',
      '',
      '#. a comment',
      'msgid "err.1"',
      'msgstr "One \\"quoted\\""',
      '',
      'msgid "err.2"',
      'msgstr ""',
      '"first line\\n"',
      '"second {num}"',
      '',
      '#~ msgid "err.3"',
      '#~ msgstr "gone"',
      '',
      'msgid "err.4"',
      'msgstr ""',
    ].join('\n');
    expect(parsePo(text)).toEqual({ 'err.1': 'One "quoted"', 'err.2': 'first line\nsecond {num}' });
  });
});

describe('messageOf', () => {
  it('has a text for every error code and message key in the active language', () => {
    for (const code of [...ALL_ERROR_CODES, ...ALL_MESSAGE_KEYS]) {
      expect(textOfCode(code), String(code)).not.toMatch(/^Something went wrong/);
    }
  });

  it('turns a refusal into text, with its values', () => {
    const refusal = validateLogin({ username: 'demo01', password: '123' });
    expect(refusal).toEqual({ code: ErrorCode.LoginPasswordLength });
    expect(messageOf(refusal!)).toBe(textOfCode(ErrorCode.LoginPasswordLength));
    expect(messageOf(refuse(ErrorCode.BalanceBelowMinJoin, { num: '1,000.00' }))).toContain('1,000.00');
  });

  it('falls back to a generic coded text for unknown codes', () => {
    expect(textOfCode(9999)).toBe('Something went wrong (code 9999).');
  });
});
