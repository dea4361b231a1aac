/** The origin local runs publish when nothing else is configured (the local server's default). */
export const DEFAULT_LOCAL_HOST = '127.0.0.1';
export const DEFAULT_LOCAL_PORT = 4321;

/** The environment variables the public origin is derived from. */
export interface SiteUrlEnvironment {
  readonly SITE_URL?: string | undefined;
  readonly HOST?: string | undefined;
  readonly PORT?: string | undefined;
  readonly VERCEL_ENV?: string | undefined;
  readonly VERCEL_URL?: string | undefined;
  readonly VERCEL_PROJECT_PRODUCTION_URL?: string | undefined;
}

/** Thrown when the configured origin is unusable; the message says which variable and why. */
export class SiteUrlError extends Error {
  readonly code = 'invalid_site_url';
}

/**
 * The origin a variable names, and that variable: `SITE_URL` when set; on Vercel the production
 * domain for production deploys and the deployment's own URL for previews, so each deploy
 * publishes metadata pointing at itself; undefined when none does (a local run).
 */
function readNamedOrigin(
  env: SiteUrlEnvironment,
): { readonly origin: string; readonly variable: string } | undefined {
  if (env.SITE_URL) return { origin: env.SITE_URL, variable: 'SITE_URL' };
  if (env.VERCEL_ENV === 'production' && env.VERCEL_PROJECT_PRODUCTION_URL) {
    return {
      origin: `https://${env.VERCEL_PROJECT_PRODUCTION_URL}`,
      variable: 'VERCEL_PROJECT_PRODUCTION_URL',
    };
  }
  if (env.VERCEL_URL) return { origin: `https://${env.VERCEL_URL}`, variable: 'VERCEL_URL' };
  return undefined;
}

/**
 * Resolves the public origin every absolute URL is built from: the one a variable names
 * (`readNamedOrigin`), else the local server's address.
 */
export function resolveSiteUrl(env: SiteUrlEnvironment): string {
  const named = readNamedOrigin(env);
  if (named) return normalizeOrigin(named.origin, named.variable);
  // A server listening on every interface is still reached through loopback from this machine.
  const listen = readListenAddress(env);
  const host = listen.host === '0.0.0.0' || listen.host === '::' ? 'localhost' : listen.host;
  return normalizeOrigin(`http://${formatHostForUrl(host)}:${listen.port}`, 'HOST/PORT');
}

/**
 * Whether the origin `resolveSiteUrl` gives comes from HOST and PORT (no SITE_URL, not on
 * Vercel): a server that publishes it must then listen on that port.
 */
export function publishesListenAddress(env: SiteUrlEnvironment): boolean {
  return readNamedOrigin(env) === undefined;
}

/**
 * Where the local server listens: `HOST` (default 127.0.0.1) and `PORT` (default 4321).
 * @throws SiteUrlError when PORT is not a whole number from 1 to 65535.
 */
export function readListenAddress(env: SiteUrlEnvironment): { host: string; port: number } {
  const text = env.PORT?.trim();
  const port = text ? Number(text) : DEFAULT_LOCAL_PORT;
  if (text && (!/^\d+$/.test(text) || port < 1 || port > 65535)) {
    throw new SiteUrlError(`PORT must be a whole number from 1 to 65535, got "${env.PORT}"`);
  }
  return { host: env.HOST?.trim() || DEFAULT_LOCAL_HOST, port };
}

/** A host as a URL writes it: an IPv6 address in brackets (`[::1]`), any other host as it is. */
export function formatHostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Checks that a value is a bare http(s) origin and returns it without a trailing slash. */
function normalizeOrigin(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SiteUrlError(
      `${variable} must be an absolute URL such as https://www.example.com, got "${value}"`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SiteUrlError(`${variable} must use http or https, got "${url.protocol}"`);
  }
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new SiteUrlError(
      `${variable} must be an origin only (scheme, host and optional port, no path, query or credentials), got "${value}"`,
    );
  }
  return url.origin;
}
