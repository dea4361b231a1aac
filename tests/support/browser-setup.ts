import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './browser.ts';

/** Launches Chromium once for the run; each browser test connects to it (launchChromium). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchChromiumServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
