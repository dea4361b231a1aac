import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, findFreePort, startServer, stopProcess } from './processes.ts';
import { copyProject, removeProjectCopy, type ProjectCopyOptions } from './project-copy.ts';

/** A temporary copy of the project, built for a free loopback port and served by its local server. */
export interface ServedCopy {
  /** The copy's root. */
  readonly dir: string;
  readonly baseUrl: string;
  /** Stops the server and removes the copy. */
  stop(): Promise<void>;
}

/** How a copy is made, changed and built before it is served. */
export type ServeCopyOptions = Omit<ProjectCopyOptions, 'nodeModules'> & {
  /** Changes the copy before it is built (a file added as a site owner would add it). */
  readonly beforeBuild?: (dir: string) => Promise<void>;
  /** The build's scheduling priority (a nice value): BACKGROUND_PRIORITY for a build made ahead. */
  readonly priority?: number;
};

/**
 * Copies the project (with another content folder when asked), builds it with `astro build` for a
 * free port on 127.0.0.1 and starts its real local server there, with unconfigured OAuth keys in
 * a file of its own and no rate limit a test could reach.
 */
export async function serveProjectCopy(options: ServeCopyOptions = {}): Promise<ServedCopy> {
  const dir = await copyProject(options);
  const keysDir = await mkdtemp(join(tmpdir(), 'served-copy-oauth-'));
  const remove = async () => {
    await rm(keysDir, { recursive: true, force: true });
    await removeProjectCopy(dir);
  };
  try {
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    await options.beforeBuild?.(dir);
    const build = await buildSite(dir, baseUrl, {}, options.priority);
    if (build.code !== 0) {
      throw new Error(`astro build failed in ${dir}:\n${build.stdout}\n${build.stderr}`);
    }
    const { child } = await startServer(dir, {
      SITE_URL: baseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      OAUTH_SIGNING_KEYS: '',
      OAUTH_KEYS_FILE: join(keysDir, 'keys.json'),
      RATE_LIMIT_MAX: '1000000000',
    });
    return {
      dir,
      baseUrl,
      async stop() {
        await stopProcess(child);
        await remove();
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
