import { defineConfig } from 'vitest/config';

// Four layers (CONVENTIONS §8): unit tests beside the code; database tests inside rolled-back
// transactions on one private PostgreSQL; API tests against a real PostgreSQL and Orthanc; browser
// tests in Debian's Chromium. Each API/browser test file starts its own stack on free ports, so
// files can run in parallel without sharing state.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/src/**/*.test.ts', 'adapter/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['test/db/**/*.test.ts'],
          // Starts and migrates the one PostgreSQL every db test file shares (test/harness/db.ts).
          globalSetup: ['test/harness/db.ts'],
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two cores: one Chromium at a time keeps the machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
