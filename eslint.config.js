import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { readdirSync } from 'node:fs';

/** Import boundaries of DESIGN.md section 7: shared imports nothing of ours; client and server never meet. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** One place picks the SQLite build the running Node can load (src/server/db/sqliteDriver.ts). */
const sqliteDriverOnly = {
  name: 'better-sqlite3',
  message: 'Import SQLite from src/server/db/sqliteDriver.ts (the build this Node can run).',
  allowTypeImports: true,
};

/** One place brings zod in, told never to compile parsers with eval (src/shared/zod.ts). */
const zodMessage =
  "Import z from src/shared/zod.ts: it sets zod jitless before any schema is defined (the app's CSP forbids eval).";
const zodOnlyThroughShared = { name: 'zod', message: zodMessage, allowTypeImports: true };
const zodSubpaths = { group: ['zod/*'], message: zodMessage, allowTypeImports: true };

const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Which folder may import which (import-x/no-restricted-paths; paths from the repository root). */
const zones = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared imports nothing of ours.' },
  { target: './src/client', from: './src/server', message: 'The client never imports the server.' },
  { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
  // The client is a one-way stack: app (the composition root) -> features -> data -> api -> shared,
  // and features -> ui, i18n. What a lower layer hands up (failures, events) is said by the app.
  {
    target: './src/client/ui',
    from: ['./src/client/data', './src/client/api', './src/client/app', './src/client/features'],
    message: 'ui parts draw what they are given: no data layer, API client or store (the app provides what they read).',
  },
  {
    target: './src/client/api',
    from: ['./src/client/data', './src/client/ui', './src/client/i18n', './src/client/app', './src/client/features'],
    message: "api hands failures up as values (ApiError); words and toasts are the app's (app/connect.ts).",
  },
  {
    target: './src/client/data',
    from: ['./src/client/ui', './src/client/i18n', './src/client/app', './src/client/features'],
    message: 'data reads and writes through api; how a write is said comes from the app (WriteVoiceContext).',
  },
  {
    target: './src/client/i18n',
    from: ['./src/client/data', './src/client/ui', './src/client/app', './src/client/features'],
    message: 'i18n words what it is given.',
  },
  {
    target: './src/client/lib',
    from: [
      './src/client/api',
      './src/client/data',
      './src/client/ui',
      './src/client/i18n',
      './src/client/app',
      './src/client/features',
      './src/client/pwa',
    ],
    message: 'lib holds primitives every layer may use: it imports none of them.',
  },
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'The app composes the features, never the other way.',
  },
  {
    target: './src/server/routes',
    from: './src/server/repositories',
    message: 'Routes reach the database through src/server/domain, never a repository.',
  },
  // A feature composes common parts (api, data, ui, i18n) and shared; never another feature.
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features never import each other; compose them in the app routes.',
  })),
];

export default tseslint.config(
  {
    ignores: ['dist', 'build', 'data', 'node_modules', 'coverage', 'test-results', 'locales', '.tmp', 'knip.config.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // React event handlers may be async: a form's onSubmit returning its promise is fine.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Plain JavaScript files have no types to check.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests fake answers with async functions, read JSON bodies and spies as they come, and narrow
    // DOM queries by assertion; promises and their handling are still checked.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Implementations of promise-returning interfaces (Kysely's driver, Fastify hooks, the SMS
      // sender) are async without anything to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Import boundaries and cycles, resolved as TypeScript resolves them.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // A feature's function fits on a screen or two: one over 100 lines holds more than one idea.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    files: ['scripts/**', '*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Plain scripts the service worker imports (scripts/serviceWorker.ts): a worker's globals.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['src/shared/**'],
    rules: boundaries([
      {
        group: ['react', 'fastify', 'kysely', 'dexie'],
        message: 'src/shared imports no framework (nor the client or the server: see the zones above).',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: {
      ...boundaries([{ group: ['react', 'dexie'], message: 'The server never imports the client or its frameworks.' }]),
      // The server logs through pino (src/server/logger.ts), where secrets are redacted.
      'no-console': 'error',
    },
  },
  {
    files: ['src/**', 'tests/**'],
    ignores: ['src/server/db/sqliteDriver.ts', 'src/shared/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [sqliteDriverOnly, zodOnlyThroughShared], patterns: [zodSubpaths] },
      ],
    },
  },
  {
    // Routes parse, call the domain and wrap its answer: the database (its types aside) is the domain's.
    files: ['src/server/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            sqliteDriverOnly,
            zodOnlyThroughShared,
            { name: 'kysely', message: 'Routes reach the database through src/server/domain.', allowTypeImports: true },
          ],
          patterns: [
            zodSubpaths,
            {
              group: ['**/db/*', '!**/db/schema'],
              message: 'Routes reach the database through src/server/domain (only its types are theirs).',
            },
            {
              group: ['**/db/schema'],
              message: 'Routes import the database schema for its types only.',
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
          group: ['fastify', 'kysely', 'better-sqlite3', 'pg'],
          message: 'The client never imports the server.',
        },
      ]),
    },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['src/client/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text may sit in nested spans (an account's type over its summary): look three deep.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
);
