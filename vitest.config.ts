import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { errorCatalogs } from './scripts/errorCatalogs';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), errorCatalogs()],
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Restarts a PostgreSQL cluster of its own: the server-pg project's alone.
          exclude: ['tests/server/pg-restart.test.ts'],
          environment: 'node',
          setupFiles: ['tests/server/setup.ts'],
          // Guards against a hang, not bounds on speed: a test that starts server processes and
          // hashes at the production cost takes minutes on a loaded two-core machine.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The same server suite on PostgreSQL: a throwaway cluster per run, a fresh database per server.
        extends: true,
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          // Group commit is SQLite's alone; PostgreSQL commits each transaction itself.
          exclude: ['tests/server/group-commit.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/server/pg/global-setup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/client/setup.ts'],
          // A hang guard, not a bound on speed (with Testing Library's wait in tests/client/setup.ts).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // Guards against a hang: a journey waits for rounds, and a loaded machine is slow.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // A browser test waits for a state, however long a busy machine takes to reach it: the
          // timeout only ends a wait for what never comes (vitest's default is 1 s).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
