import { getTransformedRoutes, type HasField, type Route } from '@vercel/routing-utils';

/** The parts of vercel.json that decide routing and headers. */
export interface VercelConfig {
  readonly rewrites?: unknown;
  readonly redirects?: unknown;
  readonly headers?: unknown;
  readonly cleanUrls?: boolean;
  readonly trailingSlash?: boolean;
}

/** What the router needs to know about one request. */
export interface RoutingRequest {
  readonly pathname: string;
  readonly searchParams: URLSearchParams;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
}

/** Where a request goes: a file of the static output, a function, a redirect, or nowhere. */
export type RoutingTarget =
  | { readonly kind: 'file'; readonly pathname: string; readonly search: string }
  | { readonly kind: 'function'; readonly pathname: string }
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | { readonly kind: 'missing' };

export interface RoutingDecision {
  /** Headers from vercel.json `headers` whose source matched the requested path. */
  readonly headers: Readonly<Record<string, string>>;
  readonly target: RoutingTarget;
}

/** How the router sees the deployment's filesystem: static files and functions. */
export interface RoutingFilesystem {
  isFile(pathname: string): boolean;
  isFunction(pathname: string): boolean;
  /**
   * True when the answers above never change (a finished build), so decisions that depend on the
   * path alone may be remembered.
   */
  readonly fixed?: boolean;
}

/** How many path-only decisions a router with a fixed filesystem remembers. */
const DECISION_CACHE_SIZE = 1024;

interface CompiledRoute {
  readonly route: Route & { src: string };
  readonly pattern: RegExp;
}

/**
 * Applies vercel.json the way Vercel's edge does: header routes (and redirects) against the
 * requested path, then the filesystem (static files and functions), then rewrites in order, each
 * checked against the filesystem. Routes come from Vercel's own `@vercel/routing-utils`.
 */
export class VercelRouter {
  readonly #before: CompiledRoute[] = [];
  readonly #after: CompiledRoute[] = [];
  readonly #fs: RoutingFilesystem;
  /** Decisions by path, when no route has `has`/`missing` conditions and the filesystem is fixed. */
  readonly #decisions: Map<string, RoutingDecision> | undefined;

  constructor(config: VercelConfig, filesystem: RoutingFilesystem) {
    const { routes, error } = getTransformedRoutes(
      config as Parameters<typeof getTransformedRoutes>[0],
    );
    if (error || !routes)
      throw new Error(`vercel.json is invalid: ${error?.message ?? 'no routes'}`);
    let phase = this.#before;
    for (const route of routes) {
      if ('handle' in route) {
        if (route.handle === 'filesystem') phase = this.#after;
        continue;
      }
      phase.push({ route: route as Route & { src: string }, pattern: new RegExp(route.src) });
    }
    this.#fs = filesystem;
    const conditional = [...this.#before, ...this.#after].some(
      ({ route }) => 'has' in route || 'missing' in route,
    );
    this.#decisions = filesystem.fixed && !conditional ? new Map() : undefined;
  }

  route(request: RoutingRequest): RoutingDecision {
    const decisions = this.#decisions;
    if (!decisions) return this.#route(request);
    let decision = decisions.get(request.pathname);
    if (!decision) {
      decision = this.#route(request);
      if (decisions.size >= DECISION_CACHE_SIZE) decisions.clear();
      decisions.set(request.pathname, decision);
    }
    return decision;
  }

  #route(request: RoutingRequest): RoutingDecision {
    const headers: Record<string, string> = {};
    for (const { route, pattern } of this.#before) {
      const match = matchRoute(route, pattern, request.pathname, request);
      if (!match) continue;
      if ('headers' in route && route.headers) {
        for (const [name, value] of Object.entries(route.headers)) {
          headers[name] = substitute(value, match);
        }
      }
      if ('status' in route && route.status && route.status >= 300 && route.status < 400) {
        const location = headers.Location ?? headers.location ?? '/';
        return { headers: {}, target: { kind: 'redirect', status: route.status, location } };
      }
    }
    const direct = this.#check(request.pathname, '');
    if (direct) return { headers, target: direct };
    let pathname = request.pathname;
    for (const { route, pattern } of this.#after) {
      const match = matchRoute(route, pattern, pathname, request);
      if (!match || !('dest' in route) || !route.dest) continue;
      const destination = new URL(substitute(route.dest, match), 'http://route.local');
      pathname = destination.pathname;
      const target = this.#check(pathname, destination.search);
      if (target) return { headers, target };
    }
    return { headers, target: { kind: 'missing' } };
  }

  #check(pathname: string, search: string): RoutingTarget | undefined {
    if (this.#fs.isFunction(pathname)) return { kind: 'function', pathname };
    if (this.#fs.isFile(pathname)) return { kind: 'file', pathname, search };
    return undefined;
  }
}

interface RouteMatch {
  readonly groups: readonly string[];
  readonly named: Readonly<Record<string, string>>;
}

function matchRoute(
  route: Route & { src: string },
  pattern: RegExp,
  pathname: string,
  request: RoutingRequest,
): RouteMatch | undefined {
  const match = pattern.exec(pathname);
  if (!match) return undefined;
  const named: Record<string, string> = { ...match.groups };
  const has = 'has' in route ? (route.has ?? []) : [];
  const missing = 'missing' in route ? (route.missing ?? []) : [];
  for (const condition of has) {
    const captured = matchCondition(condition, request);
    if (!captured) return undefined;
    Object.assign(named, captured);
  }
  for (const condition of missing) {
    if (matchCondition(condition, request)) return undefined;
  }
  return { groups: match.slice(1).map((group) => group ?? ''), named };
}

/** Checks one `has`/`missing` condition; returns its named captures, or undefined if unmet. */
function matchCondition(
  condition: HasField[number],
  request: RoutingRequest,
): Record<string, string> | undefined {
  let actual: string | null | undefined;
  switch (condition.type) {
    case 'header':
      actual = request.header(condition.key.toLowerCase());
      break;
    case 'query':
      actual = request.searchParams.get(condition.key);
      break;
    case 'cookie':
      actual = readCookie(request.header('cookie') ?? '', condition.key);
      break;
    case 'host':
      actual = (request.header('host') ?? '').replace(/:\d+$/, '');
      break;
    default:
      return undefined;
  }
  if (actual === null || actual === undefined) return undefined;
  const expected = 'value' in condition ? condition.value : undefined;
  if (expected === undefined) return {};
  if (typeof expected !== 'string') return undefined;
  // Vercel treats `value` as a regular expression that must match the whole value.
  const match = new RegExp(`^(?:${expected})$`).exec(actual);
  return match ? { ...match.groups } : undefined;
}

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name)
      return part.slice(separator + 1).trim();
  }
  return null;
}

/** Replaces $1…$9 and $name in a destination or header value with the route's captures. */
function substitute(template: string, match: RouteMatch): string {
  return template.replace(/\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/g, (whole, key: string) => {
    if (/^\d+$/.test(key)) return match.groups[Number(key) - 1] ?? '';
    return match.named[key] ?? whole;
  });
}

/**
 * vercel.json without the named response headers: the local server drops Strict-Transport-Security
 * when it is reached over http, and the dev server drops the Content-Security-Policy, which Vite's
 * inline styles and scripts would break.
 */
export function withoutHeaders(config: VercelConfig, names: readonly string[]): VercelConfig {
  type HeaderRule = { readonly headers: ReadonlyArray<{ readonly key: string }> };
  const dropped = new Set(names.map((name) => name.toLowerCase()));
  const rules = (config.headers ?? []) as readonly HeaderRule[];
  return {
    ...config,
    headers: rules
      .map((rule) => ({
        ...rule,
        headers: rule.headers.filter((header) => !dropped.has(header.key.toLowerCase())),
      }))
      .filter((rule) => rule.headers.length > 0),
  };
}
