import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a run keeps what it reuses in later runs (the module compile cache, the MCP Python SDK's
 * virtual environment): the temporary directory the run started with, not the run's own folder,
 * which goes at its end.
 */
export const CACHE_VARIABLE = 'AGENT_FACTS_TEST_CACHE';

/** The variables Node's `os.tmpdir()` reads: TMPDIR on Linux and macOS, TMP and TEMP on Windows. */
const TEMP_VARIABLES = ['TMPDIR', 'TMP', 'TEMP'] as const;

export type RunTemp = {
  /** The run's own folder, under the temporary directory the run started with. */
  folder: string;
  /** Removes the folder and all it holds, and gives the four variables their values back. */
  close(): Promise<void>;
};

/**
 * Gives the test run a temporary folder of its own and points `os.tmpdir()` at it, for this
 * process and for every process started after (the test workers and, through them, the builds,
 * servers, Redis, Chromium and the SDK clients they start). Each test still removes what it made,
 * but a test that forgets, fails half-way or is stopped by a time-out, and a child process that
 * leaves its own files (a browser's profile, a server's state), no longer leave them behind in
 * the machine's temporary directory run after run: `close()` removes the folder when the run ends.
 */
export async function openRunTemp(): Promise<RunTemp> {
  const saved = [...TEMP_VARIABLES, CACHE_VARIABLE].map(
    (name) => [name, process.env[name]] as const,
  );
  process.env[CACHE_VARIABLE] ??= tmpdir();
  const folder = await mkdtemp(join(tmpdir(), 'agent-facts-test-run-'));
  for (const name of TEMP_VARIABLES) process.env[name] = folder;
  return {
    folder,
    async close() {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      // A process that outlived its test may still be writing: a few tries, then give up quietly.
      await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** The folder for what runs reuse: see CACHE_VARIABLE. */
export function cacheFolder(): string {
  return process.env[CACHE_VARIABLE] ?? tmpdir();
}
