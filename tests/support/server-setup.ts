import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort, NODE, ROOT, runCommand, startServer, stopProcess } from './processes.ts';
import { copyProject, removeProjectCopy } from './project-copy.ts';
import { runVercelBuild } from './vercel-build.ts';
import { writeStateFile } from './state-files.ts';

/** The served build: a temporary copy of the project, built by `vercel build`. */
export interface SiteBuild {
  /** The copy's root. */
  readonly dir: string;
  /** Its `.vercel/output` (Build Output API v3). */
  readonly outputDir: string;
  /** A folder outside the copy: `build.log`, then `ready` or `failed` (site-ready.ts waits). */
  readonly stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The secret variables the served build ran with. */
    buildSecrets: { OAUTH_SIGNING_KEYS: string; SECRET_CANARY: string };
    siteBuild: SiteBuild;
  }
}

/** The one build and server every project of a run shares. */
interface SharedSite {
  readonly baseUrl: string;
  readonly buildSecrets: { OAUTH_SIGNING_KEYS: string; SECRET_CANARY: string };
  readonly build: SiteBuild;
  stop(): Promise<void>;
}

// Each project's globalSetup is loaded on its own, so the shared state lives on globalThis.
const SHARED = Symbol.for('agent-facts.tests.shared-site');
type Holder = { site?: Promise<SharedSite>; users: number };
const holder = ((globalThis as Record<symbol, Holder | undefined>)[SHARED] ??= { users: 0 });

/**
 * Copies the project to a temporary folder and starts, without waiting for it, its one
 * `vercel build` for a free loopback port, then the copy's real local server on that port. The
 * unit tests run meanwhile; the tests that need the site wait for it (site-ready.ts). The served
 * tests, the vercel-build test and the secret scan all read that one build; nothing is written
 * into the work tree.
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
  const dir = await copyProject({ prefix: 'site-build-', nodeModules: 'hard-linked' });
  const stateDir = await mkdtemp(join(tmpdir(), 'site-state-'));
  const build: SiteBuild = { dir, outputDir: join(dir, '.vercel', 'output'), stateDir };
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const running = (async () => {
    const built = await runVercelBuild(dir, { SITE_URL: baseUrl, ...buildSecrets });
    await writeFile(join(stateDir, 'build.log'), built.log);
    if (built.code !== 0) throw new Error(`vercel build failed:\n${built.log}`);
    server = await startServer(dir, {
      SITE_URL: baseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Unconfigured OAuth keys, as on a fresh checkout, but in a file of the test run's own.
      OAUTH_SIGNING_KEYS: '',
      OAUTH_KEYS_FILE: join(stateDir, 'oauth-keys.json'),
      // Every test shares one client address; the limit's own tests start a server of their own.
      RATE_LIMIT_MAX: '1000000000',
    });
    await writeStateFile(join(stateDir, 'ready'), baseUrl);
  })().catch(async (error: unknown) => {
    await writeStateFile(
      join(stateDir, 'failed'),
      error instanceof Error ? error.message : String(error),
    );
  });
  return {
    baseUrl,
    buildSecrets,
    build,
    async stop() {
      await running;
      if (server) await stopProcess(server.child);
      await rm(stateDir, { recursive: true, force: true });
      await removeProjectCopy(dir);
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
  project.provide('siteBuild', site.build);
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    delete holder.site;
    await site.stop();
  };
}
