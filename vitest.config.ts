import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { sharedAliases } from './vite.config';

/**
 * `npm test` runs: unit tests; the data (API) tests on SQLite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set; the browser tests in Debian Chromium. Under CI a missing
 * PostgreSQL URL fails the run instead of silently skipping the PostgreSQL pass.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !pgUrl) throw new Error('CI needs TEST_DATABASE_URL: the data tests must also run on PostgreSQL');

const dataTests = ['tests/api/**/*.test.ts'];

// The data tests share one module graph per worker (isolate: false): each file builds its own
// app and database, so only import time is saved, about three quarters of their run time.
// Each project `extends` this file so the time limits below hold inside it too: the suite
// runs its projects side by side on two cores, where a fixed 5 s default is too tight.

export default defineConfig({
  // Client modules under test import the shared code by its alias (@contracts/*, @site/*).
  resolve: { alias: sharedAliases },
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      { extends: true, test: { name: 'api-sqlite', include: dataTests, isolate: false, env: { TEST_DB: 'sqlite' } } },
      ...(pgUrl
        ? [
            {
              extends: true,
              test: { name: 'api-postgres', include: dataTests, isolate: false, env: { TEST_DB: 'pg' } },
            } satisfies TestProjectInlineConfiguration,
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
