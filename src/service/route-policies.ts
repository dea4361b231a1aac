import { EXPOSED_RATE_LIMIT_HEADERS } from './rate-limit-policy.ts';

/**
 * The response headers every answer of the site carries, whatever answers it: one global rule of
 * vercel.json. The local server drops HSTS when reached over http (RFC 6797 §7.2).
 * @see RFC 6797 §6.1 (Strict-Transport-Security), CSP Level 3 §3.1
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

/**
 * How long a surface may be kept, by name. `set-by-function` surfaces carry their function's own
 * Cache-Control (problems and tokens `no-store`, the key set five minutes), so no rule sets one.
 * @see RFC 9111 §5.2.2 (Cache-Control response directives)
 */
export const CACHE_POLICIES = {
  /** Any cache may keep it but must ask again each time (ETag makes that a 304). */
  revalidate: 'public, max-age=0, must-revalidate',
  /** Discovery metadata: five minutes, so a key or endpoint change spreads quickly. */
  metadata: 'public, max-age=300',
  /** Files whose name carries their content hash (`/_astro/*`). */
  immutable: 'public, max-age=31536000, immutable',
  'set-by-function': undefined,
} as const satisfies Record<string, string | undefined>;

export type CachePolicy = keyof typeof CACHE_POLICIES;

/** The response fields a browser script may read from an agent surface. */
const EXPOSED_HEADERS = `ETag, Link, ${EXPOSED_RATE_LIMIT_HEADERS}, WWW-Authenticate`;

/** The methods every static file answers (HEAD like GET, OPTIONS with Allow). */
export const STATIC_FILE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * Which browser origins may read a surface, by name.
 * @see Fetch Standard §3.2 (CORS protocol)
 */
export const CORS_POLICIES = {
  /** Pages for people: same-origin only. */
  none: {},
  /** Any origin may read it (a simple GET needs nothing more). */
  'any-origin': { 'Access-Control-Allow-Origin': '*' },
  /** Any origin may read it and the rate-limit and auth fields; the function answers preflights. */
  'any-origin-exposed': {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  },
  /** A read-only agent document: any origin, exposed fields, and preflight answers for a day. */
  'read-only': {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    'Access-Control-Allow-Methods': STATIC_FILE_METHODS.join(', '),
    'Access-Control-Allow-Headers': 'Accept, Authorization, If-None-Match',
    'Access-Control-Max-Age': '86400',
  },
  /**
   * An AI Catalog or MCP server card: the fields the server-card extension requires, so browser
   * clients can revalidate with ETag. @see experimental-ext-server-card docs/discovery.md §CORS
   */
  'discovery-card': {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': STATIC_FILE_METHODS.join(', '),
    'Access-Control-Allow-Headers': 'Accept, Content-Type, If-None-Match',
    'Access-Control-Expose-Headers': 'ETag',
  },
  /** The function sets every CORS field itself (the MCP endpoint checks `Origin`). */
  'set-by-function': {},
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type CorsPolicy = keyof typeof CORS_POLICIES;
