import type { PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { memoizeUntilFailure } from '../http/memoize.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { problemAnswer } from '../http/problem.ts';
import { buildServiceUrls } from '../service/urls.ts';
import type { OAuthKeys } from './keys.ts';

export interface BearerOptions {
  readonly siteUrl: string;
  /** The protected-resource metadata URL named in WWW-Authenticate (RFC 9728 §5.1). */
  readonly resourceMetadata: string;
  /**
   * The endpoint's own resource (RFC 8707), which that metadata names: a token is accepted when its
   * audience is this resource or the origin, the resource of the whole site (RFC 9068 §4: a
   * resource server accepts only tokens issued for it). Unset: the origin alone.
   */
  readonly resource?: string;
  readonly keys?: () => Promise<OAuthKeys>;
  /** The clock, in milliseconds; tests freeze it. */
  readonly now?: () => number;
  /**
   * The CORS fields of the 401, by the request: the endpoint's own origin rule (MCP with
   * `MCP_ALLOWED_ORIGINS`), so a refused token answers a browser as the endpoint would. Unset:
   * any origin may read it, with `WWW-Authenticate` exposed.
   */
  readonly corsHeaders?: (request: PlainRequest) => Readonly<Record<string, string>>;
}

/** The CORS fields of a 401 where the endpoint sets no rule of its own. */
const ANY_ORIGIN = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'WWW-Authenticate',
} as const;

/**
 * RFC 6750 bearer handling for a function: no token is fine (nothing requires one) and a valid
 * token is accepted; a bearer token that fails verification (bad signature, `alg: none`, wrong
 * `typ`, issuer or audience, expired, malformed) gets 401 with
 * `WWW-Authenticate: Bearer error="invalid_token", resource_metadata="..."` and a problem body.
 * Authorization headers of other schemes are not tokens of ours and are ignored.
 */
export function withBearer(handler: PlainHandler, options: BearerOptions): PlainHandler {
  const urls = buildServiceUrls(options.siteUrl);
  const now = options.now ?? Date.now;
  // The verifier (jose, the key set) loads with the first token: most calls carry none, and the
  // function starts faster without it.
  type Verifier = (token: string) => Promise<unknown>;
  const loadVerifier = memoizeUntilFailure(async (): Promise<Verifier> => {
    const [{ loadOAuthKeys }, { verifyAccessToken }] = await Promise.all([
      import('./keys.ts'),
      import('./tokens.ts'),
    ]);
    const keys = await (options.keys ?? loadOAuthKeys)();
    const audiences = [...new Set([urls.origin, options.resource ?? urls.origin])];
    return (token: string) =>
      verifyAccessToken(token, keys, urls, audiences, Math.floor(now() / 1000));
  });
  const answerWithToken = async (request: PlainRequest, token: string) => {
    try {
      if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)) throw new Error('not a JWS');
      const verify = await loadVerifier();
      await verify(token);
    } catch (error) {
      if ((error as Error).name === 'OAuthKeyError') throw error;
      const description =
        (error as { code?: string }).code === 'ERR_JWT_EXPIRED'
          ? 'The access token has expired'
          : 'The access token is invalid';
      return problemAnswer(
        options.siteUrl,
        {
          ...findErrorKind('invalid_token'),
          detail: `${description}. No token is required here: send the request without Authorization, or get a new token.`,
          instance: request.url.pathname,
          resolution: `Drop the Authorization header, or get a fresh token from ${urls.oauthToken} (see ${urls.authMd}).`,
        },
        {
          ...(options.corsHeaders?.(request) ?? ANY_ORIGIN),
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}", resource_metadata="${options.resourceMetadata}"`,
        },
      );
    }
    return handler(request);
  };
  return (request) => {
    const authorization = request.header('authorization');
    const match = authorization === undefined ? null : /^bearer(?:\s+(.*))?$/i.exec(authorization);
    // Most requests carry no token: handed straight on, with no promise of this layer around them.
    if (!match || request.method === 'OPTIONS') return handler(request);
    return answerWithToken(request, match[1]?.trim() ?? '');
  };
}
