import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          // Everything that needs the built site served: HTTP tests and browser tests share one server.
          name: 'served',
          include: ['tests/http/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/server-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
