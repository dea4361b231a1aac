import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import * as z from 'zod/mini';
import { escapeHtml } from '../service/escape-html.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { PlainAnswer, PlainRequest } from '../http/plain-http.ts';
import { verifyMacToken, type OAuthKeys } from './keys.ts';
import { AUTHORIZATION_APPROVAL_LIFETIME_SECONDS } from '../service/oauth-lifetimes.ts';

/** The query parameter that carries a signed approval back to /oauth/authorize. */
export const APPROVAL_PARAMETER = 'approval';

/**
 * The page's own style, in the page: the function serves it alone, with no stylesheet of the
 * site's build to link. System fonts (the policy loads none), light and dark, a readable column,
 * and the one action as a button. Allowed by its hash, so no other style can run.
 */
const CONSENT_PAGE_STYLE = [
  ':root{color-scheme:light dark;--fg:#1a1a1a;--muted:#4d4d4d;--bg:#ffffff;--panel:#f5f6f8;--border:#d5d9df;--accent:#0b5cad;--on-accent:#ffffff}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--muted:#b4b4b4;--bg:#111418;--panel:#1b2027;--border:#343b45;--accent:#8cc4ff;--on-accent:#0b1a2a}}',
  'body{margin:0;padding:0 1rem;background:var(--bg);color:var(--fg);font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{box-sizing:border-box;max-width:36rem;margin:clamp(1.5rem,8vh,5rem) auto;padding:1.75rem 1.5rem;background:var(--panel);border:1px solid var(--border);border-radius:0.75rem}',
  'h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.25;overflow-wrap:anywhere}',
  'p{margin:0 0 1rem}',
  'a{color:var(--accent)}',
  '.continue{display:inline-block;margin:0.25rem 0 1.25rem;padding:0.7rem 1.2rem;border-radius:0.5rem;background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none;overflow-wrap:anywhere}',
  '.continue:hover{text-decoration:underline}',
  '.continue:focus-visible{outline:3px solid var(--accent);outline-offset:3px}',
  '.note{margin:0;color:var(--muted);font-size:0.95rem}',
].join('');

/**
 * The page's own policy: no script or form at all, its one style by its hash (images for the
 * browser's icon only), and no framing. The one action is a same-origin link, so it works
 * without JavaScript.
 */
export const CONSENT_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CONSENT_PAGE_STYLE).digest('base64')}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Everything a code will be bound to and sent with: what the user approves. */
export interface ApprovedRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly scope: string;
  readonly resources: readonly string[] | undefined;
  readonly state: string | undefined;
}

function digestRequest(request: ApprovedRequest): string {
  const values = [
    request.clientId,
    request.redirectUri,
    request.codeChallenge,
    request.scope,
    request.resources ?? null,
    request.state ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url');
}

const ApprovalClaimsSchema = z.object({ req: z.string(), exp: z.number() });

/**
 * Signs an approval of one authorization request: a MAC (this issuer's key) over a digest of
 * what the code will carry, valid for ten minutes. Stateless: nothing is stored.
 * @see RFC 9700 §4.11.2
 */
export async function issueApproval(
  request: ApprovedRequest,
  keys: OAuthKeys,
  issuer: string,
  now: number,
): Promise<string> {
  const { current } = keys.mac('authorization-approval', issuer);
  return new SignJWT({ req: digestRequest(request) })
    .setProtectedHeader({ alg: 'HS256', kid: current.kid })
    .setExpirationTime(now + AUTHORIZATION_APPROVAL_LIFETIME_SECONDS)
    .sign(current.key);
}

/** True when `approval` is this issuer's unexpired approval of exactly `request`. */
export async function checkApproval(
  approval: string,
  request: ApprovedRequest,
  keys: OAuthKeys,
  issuer: string,
  now: number,
): Promise<boolean> {
  const claims = ApprovalClaimsSchema.safeParse(
    await verifyMacToken(approval, keys, 'authorization-approval', issuer, new Date(now * 1000)),
  );
  return claims.success && claims.data.req === digestRequest(request);
}

/**
 * True when the request is a navigation from a page of our own origin: `Sec-Fetch-Site:
 * same-origin`, or, from a browser that sends no fetch metadata, a Referer on our origin. A
 * link sent from elsewhere is neither, so an approval cannot be replayed from another site.
 * @see RFC 9700 §4.11.2, Fetch Metadata Request Headers §2.1
 */
export function isSameOriginNavigation(request: PlainRequest, origin: string): boolean {
  const site = request.header('sec-fetch-site');
  if (site !== undefined && site !== '') return site === 'same-origin';
  const referer = request.header('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Control characters (Unicode Cc) and the bidirectional formatting characters (embeddings and
 * overrides U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F and U+061C): in a
 * self-asserted name they could reorder what the page says around it, so a name such as
 * `\u202Eeteled` reads as another. @see Unicode UAX #9 §2, Trojan Source (CVE-2021-42574)
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A client's self-asserted name as the consent page may show it: without those characters. */
export function readDisplayName(clientName: string): string {
  return clientName.replace(UNSAFE_NAME_CHARACTERS, '').trim() || 'An unnamed application';
}

/** What the consent page shows and where its one link leads. */
export interface ConsentPage {
  readonly clientName: string;
  /** The registered redirect URI the browser would be sent to. */
  readonly redirectUri: string;
  /** The origin serving the page (our issuer). */
  readonly issuer: string;
  /** The same-origin URL (path and query) that confirms, with the approval in its query. */
  readonly confirmUrl: string;
  /**
   * For a URL client_id: the metadata document's URL, whose host is shown beside the
   * self-asserted name. @see draft-ietf-oauth-client-id-metadata-document-03 §8.1
   */
  readonly metadataUrl?: string;
}

/**
 * The page shown before sending a browser to a redirect URI that is not on the user's device:
 * it names the destination host and asks for one click on a plain link, so our origin never
 * bounces a browser to another site by itself. The client's name is shown without control or
 * bidirectional formatting characters, isolated in `<bdi>` so its direction cannot run into the
 * text around it. No script, and only its own style; served with its own CSP, never cached, never
 * framed, and no CORS field (no other origin's script may read it).
 * @see RFC 9700 §4.11.2, RFC 6819 §4.2.4
 */
export function buildConsentPage(page: ConsentPage): PlainAnswer {
  const host = escapeHtml(new URL(page.redirectUri).host);
  const ours = escapeHtml(new URL(page.issuer).host);
  return buildPlainPage(
    200,
    `Continue to ${host}? | ${ours}`,
    `<h1>Continue to ${host}?</h1>
<p>The application <strong><bdi>${escapeHtml(readDisplayName(page.clientName))}</bdi></strong>${page.metadataUrl ? ` (published by <strong>${escapeHtml(new URL(page.metadataUrl).host)}</strong>)` : ''} asked ${ours} for anonymous access to its public, read-only facts, and to be sent back to <strong>${host}</strong> with an authorization code.</p>
<p>Continue only if you started this on ${host}. No account and no personal data are shared.</p>
<p><a class="continue" href="${escapeHtml(page.confirmUrl)}">Continue to ${host}</a></p>
<p class="note">Did not expect this? Close this page: nothing is sent anywhere.</p>`,
  );
}

/** What the page of a refused authorization request says. */
export interface AuthorizationErrorPage {
  /** The OAuth error code, such as `invalid_client`. */
  readonly code: string;
  readonly description: string;
  /** The origin serving the page (our issuer). */
  readonly issuer: string;
  /** The error's own page, which says how to recover. */
  readonly errorPageUrl: string;
}

/**
 * The page a browser gets for an authorization request that cannot go back to its client (no
 * valid client or redirect URI): the error in words, in the consent page's look, where an agent
 * gets the problem details. Status 400, the same policy, never cached.
 */
export function buildAuthorizationErrorPage(page: AuthorizationErrorPage): PlainAnswer {
  const ours = escapeHtml(new URL(page.issuer).host);
  return buildPlainPage(
    400,
    `This sign-in link cannot be used | ${ours}`,
    `<h1>This sign-in link cannot be used</h1>
<p>${escapeHtml(page.description)}</p>
<p>Nothing was sent to any application. If an application sent you here, tell its makers the error <a href="${escapeHtml(page.errorPageUrl)}"><code>${escapeHtml(page.code)}</code></a>.</p>
<p class="note">You can close this page.</p>`,
  );
}

/** A page of the OAuth endpoints: its own style and policy, never cached, never framed. */
function buildPlainPage(status: number, title: string, main: string): PlainAnswer {
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${CONSENT_PAGE_STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
  return {
    status,
    headers: {
      'Content-Type': MEDIA_TYPES.html,
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'Content-Security-Policy': CONSENT_PAGE_CSP,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
    body,
  };
}
