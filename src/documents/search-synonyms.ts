/**
 * Phrases that mean one thing to a developer searching this site: a query that holds one phrase
 * of a group also looks for the others, at a lower weight than the words typed. Only the site's
 * own vocabulary (HTTP, OAuth, MCP, the reference's sections), never a company's words: those
 * come from content/, which a site owner swaps. Phrases are matched by their stems, so `rate
 * limits` meets `rate limit`.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['rate limit', 'ratelimit', 'rate_limited', 'throttling', 'throttle', '429', 'quota'],
  ['too many requests', '429', 'rate_limited'],
  ['token', 'bearer', 'access token', 'jwt', 'api key', 'credentials', 'authentication'],
  ['auth', 'authentication', 'oauth'],
  ['login', 'sign in', 'authentication'],
  ['404', 'not found', 'not_found'],
  ['401', 'unauthorized', 'invalid_token'],
  ['400', 'bad request', 'bad_request'],
  ['405', 'method not allowed', 'method_not_allowed'],
  ['500', 'internal error', 'server error', 'internal_error'],
  ['408', 'timeout', 'timed out', 'request_timeout'],
  ['413', 'payload too large', 'body too large', 'payload_too_large'],
  ['openapi', 'swagger', 'api description', 'api spec', 'openapi.json'],
  ['mcp', 'model context protocol'],
  ['versioning', 'deprecation', 'breaking change', 'sunset'],
  ['pkce', 'code verifier', 'code challenge', 'code_verifier', 'code_challenge'],
  ['jwks', 'json web key set', 'signing keys', 'public keys'],
  ['client registration', 'register a client', 'dynamic client registration', 'dcr'],
  ['cors', 'cross-origin', 'cross origin'],
  ['base url', 'server url', 'servers'],
  ['quickstart', 'getting started', 'get started', 'tutorial'],
  ['error', 'problem details', 'problem+json'],
  ['tools', 'tools/list', 'tools/call'],
];
