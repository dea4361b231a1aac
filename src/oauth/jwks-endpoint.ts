import { MEDIA_TYPES } from '../service/media-types.ts';
import { byMethod } from '../http/methods.ts';
import type { PlainHandler } from '../http/plain-http.ts';
import { readContext, type OAuthEndpointOptions } from './endpoint-support.ts';

/** GET /oauth/jwks: the public keys, current and previous; cached for five minutes. @see RFC 7517 §5 */
export function createJwksHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  return byMethod(ctx.siteUrl, {
    GET: async () => {
      const { jwks } = await ctx.keys();
      return {
        status: 200,
        headers: { 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'public, max-age=300' },
        body: JSON.stringify(jwks),
      };
    },
  });
}
