import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The Node binary running the tests (Node 24 from node_modules/.bin under npm scripts). */
export const NODE = process.execPath;

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion (in the repository, or in `cwd`), collecting its output. */
export async function runCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  cwd: string = ROOT,
): Promise<Finished> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
  return collect(child);
}

/** Waits for a child process to end, collecting its output. */
export async function collect(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Refuses a project folder outside the OS's temporary directory: builds and servers run in a copy
 * (tests/support/project-copy.ts), never in the work tree, whose `dist/`, `.vercel/` and
 * `src/generated/` belong to the owner's own `npm start`.
 */
export function requireTemporaryProject(projectDir: string): string {
  const dir = projectDir.endsWith(sep) ? projectDir : `${projectDir}${sep}`;
  // The checkout itself may lie under the temporary directory (a CI clone in /tmp): it is never
  // a copy, nor is anything inside it.
  if (!dir.startsWith(`${tmpdir()}${sep}`) || dir.startsWith(ROOT)) {
    throw new Error(`${projectDir} is not a temporary project copy; see copyProject()`);
  }
  return dir;
}

/** The scheduling priority of background work: a build the run needs later, not now. */
export const BACKGROUND_PRIORITY = 10;

/**
 * Builds a project copy for an origin (astro build, which also writes the functions' snapshot
 * into the copy's src/generated), at the given scheduling priority (a nice value; the processes
 * the build starts inherit it).
 */
export async function buildSite(
  projectDir: string,
  siteUrl: string,
  env: NodeJS.ProcessEnv = {},
  priority = 0,
): Promise<Finished> {
  return runAstro(projectDir, ['build'], { SITE_URL: siteUrl, ...env }, priority);
}

/** Runs an Astro command (`build`, `sync`...) in a project copy, at the given priority. */
export async function runAstro(
  projectDir: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  priority = 0,
): Promise<Finished> {
  const dir = requireTemporaryProject(projectDir);
  const child = spawn(NODE, [`${dir}node_modules/astro/bin/astro.mjs`, ...args], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'pipe',
  });
  if (priority !== 0 && child.pid !== undefined) setPriority(child.pid, priority);
  return collect(child);
}

/**
 * Starts the local server of a built project copy (its own serve.ts, in its folder) and resolves
 * once it prints the line that says it is serving.
 */
export async function startServer(
  projectDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> {
  const dir = requireTemporaryProject(projectDir);
  const child = spawn(NODE, [`${dir}src/server/serve.ts`], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', () => {
      if (output.includes('Serving ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output };
}

/** Stops a child process with a signal and waits for it to exit. */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  child.kill(signal);
  return exited;
}
