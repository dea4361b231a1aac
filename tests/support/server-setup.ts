import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateSigningKey } from '../../src/oauth/keys.ts';
import { buildSite, findFreePort, startServer, stopProcess } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The secret variables the served build ran with. */
    buildSecrets: { OAUTH_SIGNING_KEYS: string; SECRET_CANARY: string };
  }
}

/** Builds the site for a free loopback port and starts the real local server on it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The build sees secrets, as a deployment's build does; a test checks none reaches the output.
  const buildSecrets = {
    OAUTH_SIGNING_KEYS: JSON.stringify([await generateSigningKey('canary-key')]),
    SECRET_CANARY: `canary-${randomUUID()}`,
  };
  const build = await buildSite(baseUrl, buildSecrets);
  if (build.code !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  // Unconfigured OAuth keys, as on a fresh checkout, but in a file of the test run's own.
  const keysFile = join(await mkdtemp(join(tmpdir(), 'served-oauth-')), 'keys.json');
  const { child } = await startServer({
    SITE_URL: baseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    OAUTH_SIGNING_KEYS: '',
    OAUTH_KEYS_FILE: keysFile,
    // Every test shares one client address; the limit's own tests start a server of their own.
    RATE_LIMIT_MAX: '1000000000',
  });
  project.provide('baseUrl', baseUrl);
  project.provide('buildSecrets', buildSecrets);
  return async () => {
    await stopProcess(child);
  };
}
