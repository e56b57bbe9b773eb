import { describe, expect, it } from 'vitest';
import { messageOf, textOfCode } from '../../src/client/i18n';
import { ALL_ERROR_CODES, ALL_MESSAGE_KEYS, ErrorCode, refuse } from '../../src/shared/errors';
import { validateLogin } from '../../src/shared/validation';

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
