/** `info` in the request's language, from the PO error catalogue, with fallbacks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ApiPath } from '../../src/shared/api/paths';
import { ALL_ERROR_CODES, ErrorCode } from '../../src/shared/errors';
import { LOCALES } from '../../src/shared/locale';
import { loadTranslator } from '../../src/server/i18n';
import { startServer, type TestServer } from './support/server';

const FIXTURES = fileURLToPath(new URL('./fixtures/locales-partial/', import.meta.url));

describe('the real catalogue (locales/errors)', () => {
  it('has a text for every error code in all four languages', async () => {
    const translator = await loadTranslator();
    expect(translator.missing).toEqual([]);
    for (const locale of LOCALES) {
      for (const code of ALL_ERROR_CODES) expect(translator.text(locale, code)).not.toBe(String(code));
    }
  });

  it('interpolates {num} (2004)', async () => {
    const translator = await loadTranslator();
    for (const locale of LOCALES)
      expect(translator.text(locale, ErrorCode.BalanceBelowMinJoin, { num: '100.00' })).toContain('100.00');
  });
});

describe('info follows the request lang', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  async function infoOf(path: string, body: Record<string, unknown>): Promise<Record<string, string>> {
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'chs', 'cht', 'vi']) texts[lang] = (await server.call(path, { ...body, lang })).body.info;
    return texts;
  }

  it('a refusal (1002) reads differently in en, chs, cht and vi', async () => {
    const texts = await infoOf(ApiPath.login, { username: 'nobody77', password: 'secret123' });
    expect(new Set(Object.values(texts)).size).toBe(4);
    expect(texts.en).toMatch(/user|account/i);
    expect(texts.chs).toMatch(/[\u4e00-\u9fff]/);
    expect(texts.cht).toMatch(/[\u4e00-\u9fff]/);
    expect(texts.vi).toMatch(/[à-ỹ]/i);
  });

  it('the session code 409 reads in each language too', async () => {
    const texts = await infoOf(ApiPath.userInfo, {});
    expect(new Set(Object.values(texts)).size).toBe(4);
  });

  it('success of a change answers the localized 1039 text', async () => {
    const texts = await infoOf(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    // Simplified and Traditional Chinese may well share this short text.
    expect(texts.en).toMatch(/success/i);
    expect(texts.vi).not.toBe(texts.en);
    expect(texts.chs).toMatch(/[\u4e00-\u9fff]/);
    expect(texts.cht).toMatch(/[\u4e00-\u9fff]/);
  });

  it('no lang, an unknown lang or a non-string lang means Vietnamese', async () => {
    const body = { username: 'nobody77', password: 'secret123' };
    const vi = (await server.call(ApiPath.login, { ...body, lang: 'vi' })).body.info;
    expect((await server.call(ApiPath.login, body)).body.info).toBe(vi);
    expect((await server.call(ApiPath.login, { ...body, lang: 'de' })).body.info).toBe(vi);
    expect((await server.call(ApiPath.login, { ...body, lang: 7 })).body.info).toBe(vi);
  });
});

describe('fallbacks', () => {
  it('a missing text falls back to English, then to the code number', async () => {
    const translator = await loadTranslator(FIXTURES);
    expect(translator.missing).toEqual(['zh-CN', 'zh-TW']);
    expect(translator.text('vi', ErrorCode.UserNotFound)).toBe('VI không có tài khoản');
    expect(translator.text('vi', ErrorCode.LoginInvalid)).toBe('EN log in again');
    expect(translator.text('zh-CN', ErrorCode.UserNotFound)).toBe('EN user missing');
    expect(translator.text('en', ErrorCode.AccountFrozen)).toBe('1069');
    expect(translator.text('vi', ErrorCode.BalanceBelowMinJoin, { num: '1,000.00' })).toBe('VI ít nhất 1,000.00');
  });

  it('the server answers with those fallbacks', async () => {
    const server = await startServer({ localesDir: FIXTURES });
    try {
      expect(
        (await server.call(ApiPath.login, { username: 'nobody77', password: 'secret123', lang: 'cht' })).body.info,
      ).toBe('EN user missing');
      expect((await server.call(ApiPath.userInfo, { lang: 'vi' })).body.info).toBe('EN log in again');
    } finally {
      await server.close();
    }
  });

  it('with no catalogue at all, info is the code number', async () => {
    const server = await startServer({ localesDir: '/nonexistent-locales' });
    try {
      expect((await server.call(ApiPath.login, { username: 'nobody77', password: 'secret123' })).body).toMatchObject({
        code: 1002,
        info: '1002',
      });
    } finally {
      await server.close();
    }
  });
});
