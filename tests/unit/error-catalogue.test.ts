import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ALL_MESSAGE_KEYS, messageId } from '../../src/shared/errors';
import { LOCALES } from '../../src/shared/locale';

/** Every code of the catalogue has a non-empty text in every language (SPEC.md section 8). */
describe('error catalogue', () => {
  it.each(LOCALES)('locales/errors/%s.po holds every code and key', (locale) => {
    const po = readFileSync(`locales/errors/${locale}.po`, 'utf8');
    const entries = new Map<string, string>();
    for (const m of po.matchAll(/msgid "(.*)"\nmsgstr "(.*)"/g)) entries.set(m[1], m[2]);
    const missing = [...ALL_ERROR_CODES, ...ALL_MESSAGE_KEYS].map(messageId).filter((id) => !entries.get(id));
    expect(missing).toEqual([]);
  });
  it('keeps the 2004 amount placeholder in every language', () => {
    for (const locale of LOCALES) {
      expect(readFileSync(`locales/errors/${locale}.po`, 'utf8')).toMatch(/msgid "err.2004"\nmsgstr ".*\{num\}.*"/);
    }
  });
  it('says how many seconds to wait in 2051, in every language', () => {
    for (const locale of LOCALES) {
      expect(readFileSync(`locales/errors/${locale}.po`, 'utf8')).toMatch(/msgid "err.2051"\nmsgstr ".*\{seconds\}.*"/);
    }
  });
});
