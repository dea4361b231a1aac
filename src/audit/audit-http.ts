/** What the audit reads of one HTTP answer. */
export interface AuditResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
  readonly text: string;
  /** Number of redirects followed to get here. */
  readonly redirects: number;
}

/** The fetch the audit uses; tests inject one that breaks a response on purpose. */
export type AuditFetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The header Vercel reads the Protection Bypass for Automation secret from.
 * @see https://vercel.com/docs/deployment-protection/methods-to-bypass-deployment-protection/protection-bypass-automation
 */
export const PROTECTION_BYPASS_HEADER = 'x-vercel-protection-bypass';

/** A fetch that sends the Protection Bypass for Automation secret with every request, when set. */
export function withProtectionBypass(
  fetchImpl: AuditFetch,
  secret: string | undefined,
): AuditFetch {
  if (!secret) return fetchImpl;
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set(PROTECTION_BYPASS_HEADER, secret);
    return fetchImpl(input, { ...init, headers });
  };
}

/**
 * True when an answer is Vercel's Deployment Protection page instead of the site: a 401 that sets
 * Vercel's SSO nonce cookie or names Vercel's authentication in its page.
 */
export function isDeploymentProtectionPage(response: AuditResponse): boolean {
  if (response.status !== 401) return false;
  const cookies = response.headers.getSetCookie().join('; ');
  return (
    cookies.includes('_vercel_sso_nonce') ||
    /vercel\.com\/sso-api|Vercel Authentication/i.test(response.text)
  );
}

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

/**
 * An HTTP client that records what an agent would see: it follows redirects itself (counting
 * them), reads bodies as bytes (digests need the exact bytes) and remembers GETs per URL and
 * Accept header, so checks that share a document fetch it once.
 */
export class AuditHttp {
  readonly #fetch: AuditFetch;
  readonly #cache = new Map<string, Promise<AuditResponse>>();

  constructor(fetchImpl: AuditFetch) {
    this.#fetch = fetchImpl;
  }

  /** GET a URL (remembered per URL and Accept). */
  get(url: string, accept = '*/*'): Promise<AuditResponse> {
    const key = `${accept} ${url}`;
    let answer = this.#cache.get(key);
    if (!answer) {
      answer = this.request(url, { headers: { Accept: accept } });
      this.#cache.set(key, answer);
    }
    return answer;
  }

  /** Any request, never remembered. */
  async request(url: string, init: RequestInit = {}): Promise<AuditResponse> {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const response = await this.#fetch(current, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        if (redirects >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
        await response.body?.cancel();
        current = new URL(location, current).href;
        continue;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        url: current,
        status: response.status,
        headers: response.headers,
        bytes,
        text: new TextDecoder().decode(bytes),
        redirects,
      };
    }
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(response: AuditResponse): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The charset parameter of a Content-Type header, lower-cased. */
export function charsetOf(response: AuditResponse): string | undefined {
  return /;\s*charset="?([^";\s]+)/i
    .exec(response.headers.get('content-type') ?? '')?.[1]
    ?.toLowerCase();
}

/** One link of an RFC 8288 Link header. */
export interface HeaderLink {
  readonly href: string;
  readonly rel: readonly string[];
  readonly type?: string | undefined;
}

/** Parses an RFC 8288 Link header (targets resolved against the response URL). */
export function parseLinkHeader(value: string | null, base: string): HeaderLink[] {
  if (!value) return [];
  const links: HeaderLink[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,=]+=(?:"[^"]*"|[^;,]*))*)/g)) {
    const params = new Map<string, string>();
    for (const param of (match[2] ?? '').matchAll(
      /;\s*([^;,=\s]+)\s*=\s*(?:"([^"]*)"|([^;,]*))/g,
    )) {
      params.set((param[1] ?? '').toLowerCase(), (param[2] ?? param[3] ?? '').trim());
    }
    links.push({
      href: new URL(match[1] ?? '', base).href,
      rel: (params.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      ...(params.has('type') ? { type: params.get('type') } : {}),
    });
  }
  return links;
}

/** Parses JSON, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
