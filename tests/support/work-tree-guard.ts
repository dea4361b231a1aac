import { ROOT } from './processes.ts';
import { compareSnapshots, snapshotWorkTree } from './work-tree.ts';

// Each project's globalSetup is loaded on its own, so the shared state lives on globalThis.
const SHARED = Symbol.for('agent-facts.tests.work-tree-guard');
type Holder = { before?: Promise<Map<string, string>>; users: number };
const holder = ((globalThis as Record<symbol, Holder | undefined>)[SHARED] ??= { users: 0 });

/**
 * Fails the test run when it changed what git ignores in the work tree: a build, dev server or local server that ran
 * in the repository instead of a temporary copy would rewrite `dist/`, `.vercel/`, `.astro/` or
 * `src/generated/`, so a site the owner serves with `npm start` would change under them.
 */
export default async function setup(): Promise<() => Promise<void>> {
  holder.users += 1;
  holder.before ??= snapshotWorkTree(ROOT);
  const before = await holder.before;
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    delete holder.before;
    const changes = compareSnapshots(before, await snapshotWorkTree(ROOT));
    if (changes.length > 0) {
      throw new Error(
        `The test run changed the work tree (builds and servers belong in a temporary copy, ` +
          `see tests/support/project-copy.ts):\n${changes.join('\n')}`,
      );
    }
  };
}
