import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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

/** Runs a command to completion, collecting its output. */
export async function runCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Finished> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
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

/** Builds the site for an origin (astro build, which also writes the functions' snapshot). */
export async function buildSite(siteUrl: string, env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return runCommand(NODE, [`${ROOT}node_modules/astro/bin/astro.mjs`, 'build'], {
    SITE_URL: siteUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...env,
  });
}

/** Starts the local server and resolves once it prints the line that says it is serving. */
export async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(NODE, [`${ROOT}src/server/serve.ts`], {
    cwd: ROOT,
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
