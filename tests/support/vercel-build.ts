import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collect, findFreePort, NODE, requireTemporaryProject, ROOT } from './processes.ts';
import { listFiles } from './list-files.ts';
import { copyProject, type ProjectCopyOptions } from './project-copy.ts';

/**
 * `.vercel/project.json` as `vercel pull` leaves it for this project (no account needed). The
 * empty install command is a project setting Vercel offers ("Install Command" overridden, empty):
 * the copy's node_modules is already what `npm ci` leaves, so the CLI skips the `npm install` it
 * runs before compiling vercel.ts (several seconds per build); the builder's own install still runs.
 */
export const PROJECT_JSON = {
  projectId: 'prj_local',
  orgId: 'team_local',
  settings: { framework: 'astro', nodeVersion: '24.x', installCommand: '' },
};

/** A finished `vercel build` of a fresh copy of the repository. */
export interface VercelBuild {
  /** The copy's root. */
  readonly dir: string;
  /** Its `.vercel/output` (Build Output API v3). */
  readonly outputDir: string;
  readonly code: number | null;
  /** Everything the build printed. */
  readonly log: string;
}

/**
 * Runs Vercel's own CLI (`vercel build`, offline, with the project settings `vercel pull` would
 * write) on a fresh copy of the repository (copyProject: the files git knows, committed or not,
 * none it ignores, and a hard-linked node_modules, as a fresh `npm ci` would leave it).
 */
export async function buildWithVercel(
  env: NodeJS.ProcessEnv,
  options: Omit<ProjectCopyOptions, 'nodeModules'> = {},
): Promise<VercelBuild> {
  const dir = await copyProject({
    prefix: 'vercel-build-',
    ...options,
    nodeModules: 'hard-linked',
  });
  return runVercelBuild(dir, env);
}

/** Runs `vercel build` in a project copy made by copyProject with a hard-linked node_modules. */
export async function runVercelBuild(dir: string, env: NodeJS.ProcessEnv): Promise<VercelBuild> {
  await mkdir(join(dir, '.vercel'), { recursive: true });
  await writeFile(join(dir, '.vercel', 'project.json'), JSON.stringify(PROJECT_JSON));
  const bin = join(dir, 'node_modules', '.bin');
  const child = spawn(NODE, [join(bin, 'vercel'), 'build', '--yes'], {
    cwd: requireTemporaryProject(dir),
    env: {
      ...process.env,
      // Node 24 first on PATH, as npm scripts have it; no telemetry, no update check.
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      VERCEL_TELEMETRY_DISABLED: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_UPDATE_NOTIFIER: '1',
      ...env,
    },
    stdio: 'pipe',
  });
  const { code, stdout, stderr } = await collect(child);
  return { dir, outputDir: join(dir, '.vercel', 'output'), code, log: `${stdout}\n${stderr}` };
}

/** Sizes of a .func directory: every file but its own `.vc-config.json`. */
export async function measureFunction(
  funcDir: string,
): Promise<{ files: string[]; bytes: number; handler: string }> {
  const config = JSON.parse(await readFile(join(funcDir, '.vc-config.json'), 'utf8')) as {
    handler: string;
  };
  const files = (await listFiles(funcDir))
    .map((file) => file.slice(funcDir.length + 1))
    .filter((file) => file !== '.vc-config.json')
    .sort();
  let bytes = 0;
  for (const file of files) bytes += (await readFile(join(funcDir, file))).byteLength;
  return { files, bytes, handler: config.handler };
}

/** The .func directories of a build, by output path (`api/mcp`, `middleware`). */
export async function listFunctions(outputDir: string): Promise<Map<string, string>> {
  const root = join(outputDir, 'functions');
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return new Map(
    entries
      .filter((entry) => entry.isDirectory() && entry.name.endsWith('.func'))
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(root.length + 1, -'.func'.length), path] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A function host: one .func directory, copied out of the project and imported alone. */
export interface FunctionHost {
  readonly origin: string;
  /** Milliseconds from the process's start to listening (the import included). */
  readonly readyMs: number;
  readonly child: ChildProcess;
}

/**
 * Copies a .func directory to a folder of its own (so no module outside it can be resolved) and
 * serves its handler with tests/support/func-host.ts.
 */
export async function startFunctionHost(
  funcDir: string,
  env: NodeJS.ProcessEnv,
): Promise<FunctionHost> {
  const folder = await mkdtemp(join(tmpdir(), 'func-alone-'));
  const alone = join(folder, 'function.func');
  await cp(funcDir, alone, { recursive: true, verbatimSymlinks: true });
  const port = await findFreePort();
  const child = spawn(NODE, [join(ROOT, 'tests', 'support', 'func-host.ts')], {
    cwd: alone,
    env: { PATH: process.env.PATH ?? '', ...env, FUNC_DIR: alone, PORT: String(port) },
    stdio: 'pipe',
  });
  // The copy goes with the host.
  child.once('exit', () => void rm(folder, { recursive: true, force: true }));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const readyMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${funcDir} did not start:\n${output}`)),
      20_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      const ready = /ready ([\d.]+)/.exec(chunk.toString());
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${funcDir} exited with ${code}:\n${output}`));
    });
  });
  return { origin: `http://127.0.0.1:${port}`, readyMs, child };
}
