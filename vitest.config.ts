import { defineConfig } from 'vitest/config';

/**
 * Four projects: unit (pure logic, sync engine on fake-indexeddb), component (the shared UI kit's
 * components rendered in happy-dom with Testing Library: no server, no browser), api (HTTP through
 * app.inject against a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
 * e2e (Playwright driving Debian's Chromium against the real `npm start` server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/catalogues.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/helpers/catalogues.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/api-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // The files run one after the other in ONE worker, which loads Playwright and the helpers
          // once: a fresh worker per file cost ~2.5 s each (8 short files: 151 s → 131 s). Nothing
          // a file leaves behind is shared: each launches and closes its own Chromium
          // (browserPerFile) and keeps its data under its own names on the shared server.
          isolate: false,
          // A real browser against a real server on a shared 2-core machine: a test that fails is
          // run once more before it counts as failed (the report marks a pass on retry), so one
          // stalled frame does not fail the suite; a real fault fails both runs.
          retry: 1,
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
        },
      },
    ],
  },
});
