import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort, NODE, ROOT, runCommand, startServer, stopProcess } from './processes.ts';
import { removeProjectCopy } from './project-copy.ts';
import { buildWithVercel, type VercelBuild } from './vercel-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The secret variables the served build ran with. */
    buildSecrets: { OAUTH_SIGNING_KEYS: string; SECRET_CANARY: string };
    /** The served build: a temporary copy of the project, built by `vercel build`. */
    siteBuild: Omit<VercelBuild, 'code'>;
  }
}

/** The one build and server every project of a run shares. */
interface SharedSite {
  readonly baseUrl: string;
  readonly buildSecrets: { OAUTH_SIGNING_KEYS: string; SECRET_CANARY: string };
  readonly build: VercelBuild;
  stop(): Promise<void>;
}

// Each project's globalSetup is loaded on its own, so the shared state lives on globalThis.
const SHARED = Symbol.for('agent-facts.tests.shared-site');
type Holder = { site?: Promise<SharedSite>; users: number };
const holder = ((globalThis as Record<symbol, Holder | undefined>)[SHARED] ??= { users: 0 });

/**
 * Builds the site once per test run, with `vercel build` in a temporary copy of the project, for a
 * free loopback port, and starts the copy's real local server on it. The served tests, the
 * vercel-build test and the secret scan all read that one build; nothing is written into the
 * work tree.
 */
async function startSharedSite(): Promise<SharedSite> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The build sees secrets, as a deployment's build does; a test checks none reaches the output.
  // The key set comes from the documented command (`npm run oauth:keys`), as an owner makes it.
  const keys = await runCommand(NODE, [`${ROOT}scripts/oauth-keys.ts`]);
  if (keys.code !== 0) throw new Error(`oauth-keys failed:\n${keys.stderr}`);
  const buildSecrets = {
    OAUTH_SIGNING_KEYS: keys.stdout.trim(),
    SECRET_CANARY: `canary-${randomUUID()}`,
  };
  const build = await buildWithVercel({ SITE_URL: baseUrl, ...buildSecrets });
  if (build.code !== 0) throw new Error(`vercel build failed:\n${build.log}`);
  // Unconfigured OAuth keys, as on a fresh checkout, but in a file of the test run's own.
  const keysDir = await mkdtemp(join(tmpdir(), 'served-oauth-'));
  const { child } = await startServer(build.dir, {
    SITE_URL: baseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    OAUTH_SIGNING_KEYS: '',
    OAUTH_KEYS_FILE: join(keysDir, 'keys.json'),
    // Every test shares one client address; the limit's own tests start a server of their own.
    RATE_LIMIT_MAX: '1000000000',
  });
  return {
    baseUrl,
    buildSecrets,
    build,
    async stop() {
      await stopProcess(child);
      await rm(keysDir, { recursive: true, force: true });
      await removeProjectCopy(build.dir);
    },
  };
}

/** Provides the shared build and server to a project; the last project to finish stops them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  holder.users += 1;
  holder.site ??= startSharedSite();
  const site = await holder.site;
  project.provide('baseUrl', site.baseUrl);
  project.provide('buildSecrets', site.buildSecrets);
  project.provide('siteBuild', {
    dir: site.build.dir,
    outputDir: site.build.outputDir,
    log: site.build.log,
  });
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    delete holder.site;
    await site.stop();
  };
}
