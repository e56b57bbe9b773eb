/**
 * The shared catalogue is compiled when the app is built (scripts/errorCatalogs.ts): the module the
 * app imports holds Lingui's compiled messages, with placeholders as Lingui compiles them, and the
 * obsolete or untranslated entries left out.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { errorCatalogs } from '../../scripts/errorCatalogs';

async function compiledModule(locale: string): Promise<Messages> {
  const plugin = errorCatalogs();
  const load = plugin.load as (this: unknown, id: string) => Promise<string | null>;
  const code = await load.call(
    { addWatchFile: () => undefined },
    `${resolve('locales/errors', `${locale}.po`)}?compiled`,
  );
  expect(code).toMatch(/^export const messages = JSON.parse\(/);
  const json = /^export const messages = JSON.parse\((.*)\);$/s.exec(code!)![1];
  return JSON.parse(JSON.parse(json) as string) as Messages;
}

describe('error catalogue compiled at build', () => {
  it('answers compiled messages that format without a compiler, in the language', async () => {
    const vi = await compiledModule('vi');
    // 2004 interpolates the amount: compiled, it is a list of parts, not the source text.
    expect(Array.isArray(vi['err.2004'])).toBe(true);
    const i18n = setupI18n({ locale: 'vi', messages: { vi } });
    expect(i18n._('err.2004', { num: '100,00' })).toBe('Số dư không được thấp hơn 100,00');
  });

  it('leaves other files alone and refuses a language it does not know', async () => {
    const plugin = errorCatalogs();
    const load = plugin.load as (this: unknown, id: string) => Promise<string | null>;
    expect(await load.call({ addWatchFile: () => undefined }, resolve('locales/vi.po'))).toBeNull();
    await expect(
      load.call({ addWatchFile: () => undefined }, `${resolve('locales/errors/xx.po')}?compiled`),
    ).rejects.toThrow('no such language');
  });
});
