import { LIMITS } from '../service/limits.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { PlainAnswer, PlainRequest } from '../http/plain-http.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { problemAnswer } from '../http/problem.ts';
import { buildServiceUrls, type ServiceUrls } from '../service/urls.ts';
import { readScope } from './clients.ts';
import { OAuthRefusal, oauthErrorAnswer } from './errors.ts';
import { loadOAuthKeys, type OAuthKeys } from './keys.ts';

/** The largest registration or token request body read. */
export const MAX_OAUTH_BODY_BYTES = LIMITS.oauthBodyBytes;

export interface OAuthEndpointOptions {
  readonly siteUrl: string;
  /** The key set; loaded from the environment by default. */
  readonly keys?: () => Promise<OAuthKeys>;
  /** The clock, in milliseconds; tests freeze it. */
  readonly now?: () => number;
}

/** What every OAuth endpoint works with: the origin (our issuer), its URLs, keys and clock. */
export interface OAuthContext {
  readonly siteUrl: string;
  readonly urls: ServiceUrls;
  /** The issuer (RFC 8414 §2): the origin; client ids and codes are bound to it. */
  readonly issuer: string;
  readonly keys: () => Promise<OAuthKeys>;
  readonly seconds: () => number;
}

/** Builds the context of an endpoint from its options. */
export function readContext(options: OAuthEndpointOptions): OAuthContext {
  const now = options.now ?? Date.now;
  const urls = buildServiceUrls(options.siteUrl);
  return {
    siteUrl: options.siteUrl,
    urls,
    issuer: urls.origin,
    keys: options.keys ?? loadOAuthKeys,
    seconds: () => Math.floor(now() / 1000),
  };
}

/** Token and registration answers are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** A JSON answer that is never cached. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PlainAnswer {
  return {
    status,
    headers: { 'Content-Type': MEDIA_TYPES.json, ...NO_STORE, ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * Reads a body of the one media type an endpoint takes (throwing `wrongType` for any other), or
 * undefined when it passes MAX_OAUTH_BODY_BYTES.
 */
export async function readBody(
  request: PlainRequest,
  mediaType: string,
  wrongType: OAuthRefusal,
): Promise<string | undefined> {
  const given = (request.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (given !== mediaType) throw wrongType;
  return request.text(MAX_OAUTH_BODY_BYTES);
}

/** The 413 problem for a body past MAX_OAUTH_BODY_BYTES. */
export function tooLarge(ctx: OAuthContext, request: PlainRequest): PlainAnswer {
  return problemAnswer(ctx.siteUrl, {
    ...findErrorKind('payload_too_large'),
    instance: request.url.pathname,
    detail: `OAuth request bodies are limited to ${MAX_OAUTH_BODY_BYTES} bytes.`,
  });
}

/** Answers an OAuthRefusal as an OAuth error body; anything else propagates (500). */
export async function answerRefusals(
  ctx: OAuthContext,
  request: PlainRequest,
  answer: () => Promise<PlainAnswer>,
): Promise<PlainAnswer> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof OAuthRefusal) {
      return oauthErrorAnswer(ctx.siteUrl, request.url.pathname, error);
    }
    throw error;
  }
}

/** A request's parameters, each read once. */
export interface OAuthParameters {
  get(name: string): string | undefined;
  all(name: string): string[];
}

/** Parameters that may appear once only (RFC 6749 §3.1, §3.2); `resource` may repeat. */
export function readParameters(params: URLSearchParams): OAuthParameters {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (name !== 'resource' && seen.has(name)) {
      throw new OAuthRefusal('invalid_request', `The parameter ${name} is given more than once.`);
    }
    seen.add(name);
  }
  return {
    get: (name) => params.get(name) ?? undefined,
    all: (name) => params.getAll(name),
  };
}

/** Returns a parameter's value, or throws invalid_request when it is missing or empty. */
export function requireParameter(value: string | undefined, name: string): string {
  if (value === undefined || value === '') {
    throw new OAuthRefusal('invalid_request', `The ${name} parameter is required.`);
  }
  return value;
}

/** Checks that requested scopes are among the client's; returns the granted scope string. */
export function grantScope(requested: string | undefined, allowed: string): string {
  const scopes = readScope(requested);
  if (!scopes) return allowed;
  const permitted = allowed.split(' ');
  const extra = scopes.filter((scope) => !permitted.includes(scope));
  if (extra.length > 0) {
    throw new OAuthRefusal(
      'invalid_scope',
      `The scope ${extra.join(' ')} was not registered for this client (registered: ${allowed}).`,
    );
  }
  return scopes.join(' ');
}
