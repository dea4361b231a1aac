import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { FIXTURE_COMPANY_NAMES, GREEK_CONTENT_DIR, resolveFixtureDir } from './fixture-content.ts';
import { addRecipeFixtures } from './recipe-fixtures.ts';
import type { ServeCopyOptions } from './served-copy.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each copy build's state folder, by name (tests/support/copy-builds-setup.ts). */
    copyBuilds: Record<string, string>;
  }
}

/**
 * The served project copies the build project's tests read, by name: each fixture company of
 * tests/fixtures/companies/ as content/ (tests/build/fixture-swap.test.ts; the one writing right
 * to left also for tests/build/page-directions.test.ts), and the project with the recipes' three
 * new things added (tests/build/one-place-recipes.test.ts) to a company that writes in Greek
 * (tests/build/page-languages.test.ts): one build serves both, as one build more would cost a
 * 2-core machine about 15 s of the run.
 */
export const COPY_BUILDS: ReadonlyMap<string, ServeCopyOptions> = new Map<string, ServeCopyOptions>(
  [
    ...FIXTURE_COMPANY_NAMES.map((name): [string, ServeCopyOptions] => [
      `fixture-${name}`,
      { contentDir: resolveFixtureDir(name), prefix: `fixture-${name}-` },
    ]),
    [
      'one-place-recipes',
      {
        contentDir: GREEK_CONTENT_DIR,
        prefix: 'one-place-recipes-',
        beforeBuild: addRecipeFixtures,
      },
    ],
  ],
);

/** A served copy, as its test sees it. */
export interface CopyBuild {
  /** The copy's root. */
  readonly dir: string;
  readonly baseUrl: string;
}

/** How long a test waits for its copy: the builds run one after another, behind the run's tests. */
const WAIT_MS = 15 * 60_000;

/**
 * Waits until the named copy is built and served (copy-builds-setup.ts starts every copy build
 * when the run starts), and returns it; throws the build's error if it failed.
 */
export async function waitForCopyBuild(name: string): Promise<CopyBuild> {
  const stateDir = inject('copyBuilds')[name];
  if (!stateDir) throw new Error(`no copy build named ${name} (tests/support/copy-builds.ts)`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(join(stateDir, 'failed'))) {
      throw new Error(readFileSync(join(stateDir, 'failed'), 'utf8'));
    }
    if (existsSync(join(stateDir, 'ready'))) {
      return JSON.parse(readFileSync(join(stateDir, 'ready'), 'utf8')) as CopyBuild;
    }
    if (Date.now() > deadline) throw new Error(`${name} was not built within ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
}
