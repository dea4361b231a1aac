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
 * The page's own policy: no script, style or form at all (images for the browser's icon only),
 * and no framing. The one action is a same-origin link, so it works without JavaScript.
 */
export const CONSENT_PAGE_CSP =
  "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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
 * text around it. No script or style; served with its own CSP, never cached, never framed, and
 * no CORS field (no other origin's script may read it). @see RFC 9700 §4.11.2, RFC 6819 §4.2.4
 */
export function buildConsentPage(page: ConsentPage): PlainAnswer {
  const host = escapeHtml(new URL(page.redirectUri).host);
  const ours = escapeHtml(new URL(page.issuer).host);
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Continue to ${host}? | ${ours}</title>
</head>
<body>
<main>
<h1>Continue to ${host}?</h1>
<p>The application <strong><bdi>${escapeHtml(readDisplayName(page.clientName))}</bdi></strong>${page.metadataUrl ? ` (published by <strong>${escapeHtml(new URL(page.metadataUrl).host)}</strong>)` : ''} asked ${ours} for anonymous access to its public, read-only facts, and to be sent back to <strong>${host}</strong> with an authorization code.</p>
<p>Continue only if you started this on ${host}. No account and no personal data are shared.</p>
<p><a href="${escapeHtml(page.confirmUrl)}">Continue to ${host}</a></p>
<p>Did not expect this? Close this page: nothing is sent anywhere.</p>
</main>
</body>
</html>
`;
  return {
    status: 200,
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
