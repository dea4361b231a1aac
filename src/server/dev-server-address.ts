/**
 * Where `npm run dev` listens, checked before it starts: the origin it publishes (every absolute
 * URL of /llms.txt, the documents and the functions' answers) is `http://HOST:PORT` when SITE_URL
 * is unset, so the dev server must listen on that port, as `npm start` does. A port in use stops
 * it with one line (Vite's `strictPort` keeps it from moving to the next port silently), and so
 * does a `--port` flag that would make it listen on another port than the one it publishes.
 */
import { createServer } from 'node:net';
import {
  publishesListenAddress,
  readListenAddress,
  resolveSiteUrl,
  type SiteUrlEnvironment,
} from '../service/site-url.ts';
import { describeListenError } from './listen-error.ts';

/** The dev server cannot listen where the site publishes; the message names the variable. */
export class DevServerAddressError extends Error {
  readonly code = 'invalid_dev_server_address';
  override readonly name = 'DevServerAddressError';
}

/** Astro's `server.host` after its flags: a name or address, `true` for all, `false` for localhost. */
export type AstroServerHost = string | boolean;

/**
 * Why the dev server would not listen on the port of the origin it publishes (undefined when it
 * would, or when SITE_URL names the origin: a public address in front of the dev server).
 */
export function findDevPortMismatch(env: SiteUrlEnvironment, port: number): string | undefined {
  if (!publishesListenAddress(env)) return undefined;
  const listen = readListenAddress(env);
  if (port === listen.port) return undefined;
  return (
    `--port ${port} would listen elsewhere than the site publishes, ${resolveSiteUrl(env)} ` +
    `(PORT): set the port with PORT instead: PORT=${port} npm run dev`
  );
}

/** The address to try, as Vite listens for Astro's `server.host`. */
function probeHost(host: AstroServerHost): string | undefined {
  if (host === true) return undefined;
  if (host === false) return 'localhost';
  return host;
}

/**
 * Checks that the dev server can listen on `host:port`, as `npm start`'s check does, so a port in
 * use is named in one line before Astro starts (Vite's own error would come with a stack).
 * @throws DevServerAddressError naming the port and the command to run instead.
 */
export async function checkDevServerAddress(host: AstroServerHost, port: number): Promise<void> {
  const address = probeHost(host);
  const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen(port, address, () => probe.close(() => resolve(undefined)));
  });
  if (failure) {
    throw new DevServerAddressError(
      describeListenError(failure, address ?? '0.0.0.0', port, 'npm run dev'),
    );
  }
}
