import { LIMITS } from '../service/limits.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { PlainAnswer, PlainRequest } from '../http/plain-http.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { problemAnswer } from '../http/problem.ts';
import { buildServiceUrls, type ServiceUrls } from '../service/urls.ts';
import { oauthErrorAnswer, refuse, type OAuthRefusal, type OAuthResult } from './errors.ts';
import { loadOAuthKeys, type OAuthKeys } from './keys.ts';
import {
  createClientResolver,
  type ClientMetadataOptions,
  type ClientResolver,
} from './client-resolution.ts';

export interface OAuthEndpointOptions {
  readonly siteUrl: string;
  /** The key set; loaded from the environment by default. */
  readonly keys?: () => Promise<OAuthKeys>;
  /** The clock, in milliseconds; tests freeze it. */
  readonly now?: () => number;
  /** How URL client ids (client ID metadata documents) are resolved; strict by default. */
  readonly clientMetadata?: ClientMetadataOptions;
}

/** What every OAuth endpoint works with: the origin (our issuer), its URLs, keys and clock. */
export interface OAuthContext {
  readonly siteUrl: string;
  readonly urls: ServiceUrls;
  /** The issuer (RFC 8414 §2): the origin; client ids and codes are bound to it. */
  readonly issuer: string;
  readonly keys: () => Promise<OAuthKeys>;
  readonly seconds: () => number;
  /** Reads a client_id (issued here, or a metadata document URL) back into its client. */
  readonly resolveClient: ClientResolver;
}

/** Builds the context of an endpoint from its options. */
export function readContext(options: OAuthEndpointOptions): OAuthContext {
  const now = options.now ?? Date.now;
  const urls = buildServiceUrls(options.siteUrl);
  const keys = options.keys ?? loadOAuthKeys;
  const seconds = () => Math.floor(now() / 1000);
  return {
    siteUrl: options.siteUrl,
    urls,
    issuer: urls.origin,
    keys,
    seconds,
    resolveClient: createClientResolver(
      { keys, issuer: urls.origin, seconds },
      options.clientMetadata,
    ),
  };
}

/** Token and registration answers are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** A JSON answer that is never cached. @see RFC 6749 §5.1 */
export function jsonAnswer(status: number, body: unknown): PlainAnswer {
  return {
    status,
    headers: { 'Content-Type': MEDIA_TYPES.json, ...NO_STORE },
    body: JSON.stringify(body),
  };
}

/** The 413 problem for a registration or token body past LIMITS.oauthBodyBytes. @see RFC 9110 §15.5.14 */
export function answerTooLarge(ctx: OAuthContext, request: PlainRequest): PlainAnswer {
  return problemAnswer(ctx.siteUrl, {
    ...findErrorKind('payload_too_large'),
    instance: request.url.pathname,
    detail: `OAuth request bodies are limited to ${LIMITS.oauthBodyBytes} bytes.`,
  });
}

/** A refusal answered as an OAuth error body for the request's path. @see RFC 6749 §5.2 */
export function answerRefusal(
  ctx: OAuthContext,
  request: PlainRequest,
  refusal: OAuthRefusal,
): PlainAnswer {
  return oauthErrorAnswer(ctx.siteUrl, request.url.pathname, refusal);
}

/** A request's parameters, each read once. */
export interface OAuthParameters {
  get(name: string): string | undefined;
  all(name: string): string[];
}

/** Parameters that may appear once only (RFC 6749 §3.1, §3.2); `resource` may repeat. */
export function readParameters(params: URLSearchParams): OAuthResult<OAuthParameters> {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (name !== 'resource' && seen.has(name)) {
      return refuse('invalid_request', `The parameter ${name} is given more than once.`);
    }
    seen.add(name);
  }
  return {
    ok: true,
    value: { get: (name) => params.get(name) ?? undefined, all: (name) => params.getAll(name) },
  };
}

/** Returns a parameter's value, or refuses with invalid_request when it is missing or empty. */
export function requireParameter(value: string | undefined, name: string): OAuthResult<string> {
  if (value === undefined || value === '') {
    return refuse('invalid_request', `The ${name} parameter is required.`);
  }
  return { ok: true, value };
}
