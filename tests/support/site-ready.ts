import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** How long a test waits for the run's one build; `vercel build` takes a minute or two alone. */
const WAIT_MS = 15 * 60_000;

/**
 * Waits until the run's shared build is served (tests/support/server-setup.ts builds it while the
 * unit tests run), and returns the log of its `vercel build`; throws the build's error if it failed.
 */
export async function waitForSite(): Promise<string> {
  const { stateDir } = inject('siteBuild');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(join(stateDir, 'failed'))) {
      throw new Error(readFileSync(join(stateDir, 'failed'), 'utf8'));
    }
    if (existsSync(join(stateDir, 'ready')))
      return readFileSync(join(stateDir, 'build.log'), 'utf8');
    if (Date.now() > deadline) throw new Error(`the site was not built within ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
}
