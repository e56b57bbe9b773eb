import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['vi', 'zh-CN', 'zh-TW', 'en'],
  fallbackLocales: { default: 'en' },
  // UI texts are extracted from the app; the error catalogue (locales/errors/) is written by hand
  // because the server reads it too.
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src/client'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
