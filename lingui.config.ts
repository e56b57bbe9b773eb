import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['vi', 'zh-CN', 'zh-TW', 'en'],
  fallbackLocales: { default: 'en' },
  // UI texts are extracted from the app. The words the server says too (error codes, outcome names,
  // fund-log reasons) live once in locales/errors/, written by hand and read by both sides; the app
  // refers to them by id (err.*, outcome.*, reason.*), never as texts of its own
  // (tests/unit/catalogs.test.ts).
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src/client'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
