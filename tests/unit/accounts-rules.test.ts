import { describe, expect, it } from 'vitest';
import {
  validateCaptchaRequest,
  validateLogin,
  validateLoginPasswordChange,
  validatePayPasswordChange,
  validateRegister,
  type RegisterInput,
} from '../../src/shared/validation';

const codeOf = (r: { code: unknown } | null) => r?.code ?? null;

describe('login (SPEC 5: username trimmed; password at least 6)', () => {
  it('passes a good login and trims the username', () => {
    expect(validateLogin({ username: '  demo01 ', password: 'demo1234' })).toBeNull();
  });
  it('refuses a short password with 1061', () => {
    expect(codeOf(validateLogin({ username: 'demo01', password: '12345' }))).toBe(1061);
  });
  it('refuses a blank username with 1001', () => {
    expect(codeOf(validateLogin({ username: '   ', password: 'demo1234' }))).toBe(1001);
  });
});

const good: RegisterInput = {
  username: 'alice7',
  password: 'secret12',
  spassword: 'secret12',
  invitation: 'ABCD1234',
  phone: '912345678',
  captcha: '123456',
  quhao: '+84',
  agreed: true,
};

describe('register (SPEC 5)', () => {
  it('passes a complete form', () => {
    expect(validateRegister(good)).toBeNull();
  });
  it.each([
    [{ username: '' }, 1010],
    [{ username: 'alice' }, 1010],
    [{ username: '123456' }, 1010],
    [{ username: 'ali ce7' }, 1010],
    [{ password: '', spassword: '' }, 1015],
    [{ password: 'abcdefgh', spassword: 'abcdefgh' }, 1015],
    [{ password: '12345678', spassword: '12345678' }, 1015],
    [{ password: 'ab1', spassword: 'ab1' }, 1011],
    [{ password: 'abcdefgh123456789', spassword: 'abcdefgh123456789' }, 1011],
    [{ spassword: 'secret13' }, 1012],
    [{ agreed: false }, 'agreement'],
    [{ invitation: '  ' }, 1063],
    [{ phone: '' }, 2050],
    [{ phone: '12345' }, 2050],
    [{ phone: '1234567890123456' }, 2050],
    [{ phone: '91234abc' }, 2050],
    [{ quhao: '84' }, 2050],
    [{ captcha: '' }, 2053],
    [{ payPwd: '12345' }, 1058],
    [{ payPwd: 'abcdef' }, 1058],
  ] as const)('refuses %o with %s', (patch, code) => {
    expect(codeOf(validateRegister({ ...good, ...patch }))).toBe(code);
  });
  it('takes the rules in the spec order: username before password', () => {
    expect(codeOf(validateRegister({ ...good, username: 'x', password: '' }))).toBe(1010);
  });
  it('accepts an empty optional withdrawal password', () => {
    expect(validateRegister({ ...good, payPwd: '' })).toBeNull();
  });
});

describe('captcha request (account 6-15 digits)', () => {
  it.each([
    ['123456', null],
    ['123456789012345', null],
    ['12345', 2050],
    ['1234567890123456', 2050],
    ['12345a', 2050],
  ])('%s -> %s', (mobile, code) => {
    expect(codeOf(validateCaptchaRequest({ quhao: '+84', mobile }))).toBe(code);
  });
});

describe('login password change', () => {
  it('needs the old one', () => {
    expect(codeOf(validateLoginPasswordChange({ old: '', next: 'abc123', repeat: 'abc123' }))).toBe(
      'originalInputNull',
    );
  });
  it('needs the new one and its repeat', () => {
    expect(codeOf(validateLoginPasswordChange({ old: 'x', next: '', repeat: 'abc123' }))).toBe('newPwdInputNull');
    expect(codeOf(validateLoginPasswordChange({ old: 'x', next: 'abc123', repeat: '' }))).toBe('newPwdInputNull');
  });
  it('needs the repeat to match', () => {
    expect(codeOf(validateLoginPasswordChange({ old: 'x', next: 'abc123', repeat: 'abc124' }))).toBe('confirmError');
  });
  it('keeps the registration password rules', () => {
    expect(codeOf(validateLoginPasswordChange({ old: 'x', next: 'abcdef', repeat: 'abcdef' }))).toBe(1015);
    expect(codeOf(validateLoginPasswordChange({ old: 'x', next: 'ab1', repeat: 'ab1' }))).toBe(1011);
    expect(validateLoginPasswordChange({ old: 'x', next: 'abc123', repeat: 'abc123' })).toBeNull();
  });
});

describe('withdrawal password change', () => {
  it('asks for the old one; the first time, for the login password or a code instead', () => {
    const input = { old: '', next: '123456', repeat: '123456' };
    expect(codeOf(validatePayPasswordChange({ ...input, noPassword2: 0 }))).toBe('originalInputNull');
    expect(codeOf(validatePayPasswordChange({ ...input, noPassword2: 1 }))).toBe('originalInputNull');
    expect(codeOf(validatePayPasswordChange({ ...input, noPassword2: 1, byCode: true }))).toBe(2053);
    expect(codeOf(validatePayPasswordChange({ ...input, old: '  ', noPassword2: 1, byCode: true }))).toBe(2053);
    expect(validatePayPasswordChange({ ...input, old: 'login123', noPassword2: 1 })).toBeNull();
    expect(validatePayPasswordChange({ ...input, old: '123456', noPassword2: 1, byCode: true })).toBeNull();
  });
  it('needs at least 6 digits (1058)', () => {
    expect(codeOf(validatePayPasswordChange({ old: '1', next: '12345', repeat: '12345', noPassword2: 0 }))).toBe(1058);
    expect(codeOf(validatePayPasswordChange({ old: '1', next: '12345a', repeat: '12345a', noPassword2: 0 }))).toBe(
      1058,
    );
  });
  it('needs both new fields and a matching repeat', () => {
    expect(codeOf(validatePayPasswordChange({ old: '1', next: '', repeat: '', noPassword2: 0 }))).toBe(
      'newPwdInputNull',
    );
    expect(codeOf(validatePayPasswordChange({ old: '1', next: '123456', repeat: '123457', noPassword2: 0 }))).toBe(
      'confirmError',
    );
  });
});
