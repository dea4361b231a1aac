import { DEFAULT_LOCAL_PORT, formatHostForUrl } from '../service/site-url.ts';

/** A failed `listen` as Node reports it: an Error with a system error code. */
interface ListenError {
  readonly code?: string | undefined;
  readonly message: string;
}

/**
 * What the local server prints, in one line and without a stack, when it cannot listen on
 * HOST:PORT (src/server/serve.ts exits 1 after it). The origin a build publishes includes its
 * port, so each message that suggests another port suggests `npm start`, which builds for it;
 * the dev server (src/integrations/dev-server-address.ts), which publishes the port it listens
 * on, suggests `npm run dev`.
 */
export function describeListenError(
  error: ListenError,
  host: string,
  port: number,
  command: 'npm start' | 'npm run dev' = 'npm start',
): string {
  const where = `${formatHostForUrl(host)}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return (
        `Port ${port} is already in use on ${host} (another \`npm start\`, \`npm run serve\` or ` +
        `\`npm run dev\`?). Stop that server, or ` +
        (command === 'npm start' ? 'build and serve on' : 'use') +
        ` another port: PORT=${port === 65535 ? port - 1 : port + 1} ${command}`
      );
    case 'EACCES':
      return (
        `No permission to listen on ${where}` +
        (port < 1024 ? ' (ports below 1024 need extra privileges)' : '') +
        `. Choose another port: PORT=${port === DEFAULT_LOCAL_PORT ? port + 1 : DEFAULT_LOCAL_PORT} ${command}`
      );
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine. Use 127.0.0.1 (the default), ::1 or 0.0.0.0.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST ${host} does not resolve to an address of this machine. Use 127.0.0.1 (the default), ::1 or 0.0.0.0.`;
    default:
      return `Cannot listen on ${where}: ${error.code ?? error.message}`;
  }
}

/**
 * The line the local server prints once it listens: the origin it publishes, and where it
 * listens when that is another address (a build for a public SITE_URL served on loopback).
 */
export function describeServing(siteUrl: string, host: string, port: number): string {
  const address = `http://${formatHostForUrl(host)}:${port}`;
  return siteUrl === address
    ? `Serving ${siteUrl} (Ctrl+C to stop)`
    : `Serving ${siteUrl} (SITE_URL) on ${address} (Ctrl+C to stop)`;
}
