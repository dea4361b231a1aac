import { defineConfig } from 'vitest/config';

/** Fails the run if it changed the work tree; first, so that its teardown runs last. */
const WORK_TREE_GUARD = 'tests/support/work-tree-guard.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          globalSetup: [WORK_TREE_GUARD],
        },
      },
      {
        test: {
          // Everything that needs the built site served: HTTP tests and browser tests share one server.
          name: 'served',
          include: ['tests/http/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: [
            WORK_TREE_GUARD,
            'tests/support/server-setup.ts',
            'tests/support/browser-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          // The vercel-build test reads the served build: one `vercel build` per run.
          globalSetup: [WORK_TREE_GUARD, 'tests/support/server-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
