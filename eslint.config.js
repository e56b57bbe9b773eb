import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of DESIGN.md section 7: shared imports nothing of ours; client and server never meet. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'test-results', 'locales', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**', '*.js', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/shared/**'],
    rules: boundaries([
      {
        group: ['**/client/**', '**/server/**', 'react', 'fastify', 'kysely', 'dexie'],
        message: 'src/shared imports nothing of ours and no framework.',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: {
      ...boundaries([{ group: ['**/client/**', 'react', 'dexie'], message: 'The server never imports the client.' }]),
      // The server logs through pino (src/server/logger.ts), where secrets are redacted.
      'no-console': 'error',
    },
  },
  {
    // One place picks the SQLite build the running Node can load (src/server/db/sqliteDriver.ts).
    files: ['src/**', 'tests/**'],
    ignores: ['src/server/db/sqliteDriver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message: 'Import SQLite from src/server/db/sqliteDriver.ts (the build this Node can run).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The operator command line's own output is its interface.
    files: ['src/server/admin/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        {
          group: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg'],
          message: 'The client never imports the server.',
        },
      ]),
    },
  },
  {
    // A feature composes common parts (api, data, ui, i18n) and shared; never another feature.
    files: ['src/client/features/*/**'],
    rules: boundaries([
      { group: ['**/server/**'], message: 'The client never imports the server.' },
      // `../x` is a sibling feature; `../../ui`, `../../../shared` are common parts and allowed.
      {
        regex: '^(\\.\\./)+features/|^\\.\\./(?!\\.\\./)',
        message: 'Features never import each other; compose them in the app routes.',
      },
    ]),
  },
);
