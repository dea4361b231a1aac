import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where python-mcp-setup.ts writes `done`: the Python with the MCP SDK, or why there is none. */
    mcpPythonState: string;
  }
}

/** How long a test waits for the install: pip's own time-out is five minutes. */
const WAIT_MS = 6 * 60_000;

/**
 * The Python with the MCP SDK that python-mcp-setup.ts makes in the background when the run
 * starts, once it is made, or the reason it could not be.
 */
export async function waitForMcpPython(): Promise<{ python: string } | { reason: string }> {
  const done = join(inject('mcpPythonState'), 'done');
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (Date.now() > deadline) return { reason: `not made within ${WAIT_MS / 1000} s` };
    await sleep(250);
  }
  return JSON.parse(readFileSync(done, 'utf8')) as { python: string } | { reason: string };
}
