import { ROOT } from './processes.ts';
import { openRunTemp, type RunTemp } from './run-temp.ts';
import { compareSnapshots, snapshotWorkTree } from './work-tree.ts';

// Each project's globalSetup is loaded on its own, so the shared state lives on globalThis.
const SHARED = Symbol.for('agent-facts.tests.work-tree-guard');
type Holder = { before?: Promise<Map<string, string>>; temp?: Promise<RunTemp>; users: number };
const holder = ((globalThis as Record<symbol, Holder | undefined>)[SHARED] ??= { users: 0 });

/**
 * Gives the run a temporary folder of its own (run-temp.ts), removed when the last project ends,
 * and fails the run when it changed what git ignores in the work tree: a build, dev server or
 * local server that ran in the repository instead of a temporary copy would rewrite `dist/`,
 * `.vercel/`, `.astro/` or `src/generated/`, so a site the owner serves with `npm start` would
 * change under them.
 */
export default async function setup(): Promise<() => Promise<void>> {
  holder.users += 1;
  holder.temp ??= openRunTemp();
  holder.before ??= snapshotWorkTree(ROOT);
  const [before, temp] = await Promise.all([holder.before, holder.temp]);
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    delete holder.before;
    delete holder.temp;
    await temp.close();
    const changes = compareSnapshots(before, await snapshotWorkTree(ROOT));
    if (changes.length > 0) {
      throw new Error(
        `The test run changed the work tree (builds and servers belong in a temporary copy, ` +
          `see tests/support/project-copy.ts):\n${changes.join('\n')}`,
      );
    }
  };
}
