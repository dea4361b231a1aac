import type { TestProject } from 'vitest/node';
import { buildSite, findFreePort, startServer, stopProcess } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the site for a free loopback port and starts the real local server on it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const build = await buildSite(baseUrl);
  if (build.code !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  const { child } = await startServer({ SITE_URL: baseUrl, PORT: String(port), HOST: '127.0.0.1' });
  project.provide('baseUrl', baseUrl);
  return async () => {
    await stopProcess(child);
  };
}
