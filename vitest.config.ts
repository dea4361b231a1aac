import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { cacheFolder } from './tests/support/run-temp.ts';
import ProjectOrderSequencer from './tests/support/test-order.ts';

/** Fails the run if it changed the work tree; first, so that its teardown runs last. */
const WORK_TREE_GUARD = 'tests/support/work-tree-guard.ts';

// The tests start Node processes with the Node that runs Vitest (servers, builds, commands, most
// of them TypeScript files run as they are), which needs Node 24: npm scripts and `npx` put the
// `node` dev dependency's Node 24 first on PATH; an editor's test runner may start another.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  throw new Error(
    `Vitest runs on Node ${process.versions.node} here; the tests need Node 24. Run them through npm ` +
      '(`npm test`, or `npx vitest --run <file>`), which puts node_modules/.bin/node (Node 24) first ' +
      "on PATH, or point your editor's test runner at that Node.",
  );
}

// Node's module compile cache (V8's code cache on disk, checked against each file's source) for
// the run's workers and every Node process they start: servers, the audit and other commands,
// function hosts and builds start some 80 times in a run, each compiling the same modules again.
// Three process-spawning unit files took 9.6 and 9.8 s of CPU with it against 14.5 and 16.0 s
// without (docs/architecture.md, "Tests"). Outside the work tree and outside the run's own
// temporary folder, which goes when the run ends (run-temp.ts); a variable already set wins.
process.env.NODE_COMPILE_CACHE ??= join(cacheFolder(), 'agent-facts-tests-compile-cache');

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, one file at a time; most files wait on servers,
    // builds and Chromium, so two workers keep both cores busy. Three overran the 60 s limit of
    // the axe-core checks of /docs on a 2-core machine.
    maxWorkers: 2,
    // Test files of a worker share its module graph instead of importing it afresh per file (the
    // unit project took 90 s of CPU with isolation, 35 s without). No test mocks a module; the
    // spies (on Buffer in resp.test.ts, on console.warn in site-markdown.test.ts) are restored in
    // a finally.
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['tests/unit/**/*.test.ts'],
          globalSetup: [WORK_TREE_GUARD, 'tests/support/generated-setup.ts'],
        },
      },
      {
        test: {
          // Everything that needs the built site served: HTTP tests and browser tests share one
          // server, built once per run (server-setup.ts) while the unit tests run.
          name: 'served',
          isolate: false,
          include: ['tests/http/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: [
            WORK_TREE_GUARD,
            'tests/support/server-setup.ts',
            'tests/support/python-mcp-setup.ts',
          ],
          setupFiles: ['tests/support/site-ready-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'build',
          isolate: false,
          include: ['tests/build/**/*.test.ts'],
          // The vercel-build test reads the served build: one `vercel build` per run. The
          // fixture swap and the recipes read copies built in the background (copy-builds.ts).
          globalSetup: [
            WORK_TREE_GUARD,
            'tests/support/server-setup.ts',
            'tests/support/copy-builds-setup.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
