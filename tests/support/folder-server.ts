import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalServer, type LocalServerOptions } from '../../src/server/local-server.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';

/** A local server in this process over a temporary folder, at 127.0.0.1 on a free port. */
export interface FolderServer {
  readonly server: Server;
  readonly port: number;
  /** Closes every connection and the server, and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Writes `files` (name to text: static files, and functions as `<name>.ts` exporting `plain`)
 * into a new temporary folder and serves it with `createLocalServer`, the folder being both the
 * static output and the functions' folder, with the built-in routes and no vercel.json rules.
 */
export async function startFolderServer(
  prefix: string,
  files: Readonly<Record<string, string>>,
  options: Partial<LocalServerOptions> = {},
): Promise<FolderServer> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text);
  const server = await createLocalServer({
    staticDir: folder,
    apiDir: folder,
    routes: BUILT_IN_ROUTES,
    vercelConfig: {},
    siteUrl: 'http://127.0.0.1',
    log: () => {},
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
