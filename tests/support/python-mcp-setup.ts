import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BACKGROUND_PRIORITY } from './processes.ts';
import './python-mcp.ts';
import { provideMcpPython } from './sample-runners.ts';
import { writeStateFile } from './state-files.ts';

/**
 * Global setup of the served project: makes the Python with the MCP SDK (a venv and `pip install
 * mcp`, about 40 s the first time on a machine) in the background from the start of the run, at a
 * background priority, so the Python SDK samples' test (documented-commands.test.ts) finds it
 * ready rather than waiting for the install; waitForMcpPython reads the result.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(join(tmpdir(), 'python-mcp-state-'));
  project.provide('mcpPythonState', stateDir);
  const preparing = provideMcpPython(BACKGROUND_PRIORITY)
    .catch((error: unknown) => ({ reason: String(error) }))
    .then((result) => writeStateFile(join(stateDir, 'done'), JSON.stringify(result)));
  return async () => {
    await preparing;
    await rm(stateDir, { recursive: true, force: true });
  };
}
