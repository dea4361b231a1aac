import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { COPY_BUILDS } from './copy-builds.ts';
import { BACKGROUND_PRIORITY } from './processes.ts';
import { serveProjectCopy, type ServedCopy } from './served-copy.ts';
import { writeStateFile } from './state-files.ts';

/**
 * Global setup of the build project: builds and serves every copy of COPY_BUILDS, one after
 * another, while the run's other tests go on. The builds run at a background priority, so the
 * run's shared build (which every served test waits for) and the tests themselves come first;
 * the build project's files run last (tests/support/test-order.ts) and usually find their copy
 * ready. Each copy's state folder gets `ready` (its folder and URL as JSON) or `failed`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const states = new Map<string, string>();
  for (const name of COPY_BUILDS.keys()) {
    states.set(name, await mkdtemp(join(tmpdir(), `copy-build-${name}-`)));
  }
  project.provide('copyBuilds', Object.fromEntries(states));
  const served: ServedCopy[] = [];
  let stopped = false;
  const building = (async () => {
    for (const [name, options] of COPY_BUILDS) {
      const stateDir = states.get(name) ?? '';
      if (stopped) break;
      try {
        const copy = await serveProjectCopy({ ...options, priority: BACKGROUND_PRIORITY });
        served.push(copy);
        await writeStateFile(
          join(stateDir, 'ready'),
          JSON.stringify({ dir: copy.dir, baseUrl: copy.baseUrl }),
        );
      } catch (error) {
        await writeStateFile(
          join(stateDir, 'failed'),
          error instanceof Error ? error.message : String(error),
        );
      }
    }
  })();
  return async () => {
    stopped = true;
    await building;
    await Promise.all(served.map((copy) => copy.stop()));
    await Promise.all([...states.values()].map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
