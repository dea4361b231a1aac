import { LIMITS } from '../service/limits.ts';
import { REGISTRATION_LIMITS } from '../schemas/client-registration.ts';
import { ClientMetadataDocumentSchema } from '../schemas/client-metadata-document.ts';
import { readRegistration, type RegisteredClient } from './clients.ts';
import { refuse, type OAuthResult } from './errors.ts';

/**
 * True when a client_id is a URL (it has a scheme) rather than an id this server issued: a
 * compact JWS has no colon. @see draft-ietf-oauth-client-id-metadata-document-03 §3
 */
export function isUrlClientId(clientId: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(clientId);
}

/**
 * Checks a client identifier URL: https, a host, a path other than `/`, no single- or double-dot
 * path segment (also percent-encoded), no fragment, no user name or password, at most
 * REGISTRATION_LIMITS.redirectUriLength characters, no backslash, space or control character,
 * and canonical (the WHATWG URL parser writes it back unchanged), so the document fetched is the
 * one the text names. A query is allowed (the draft discourages it). Returns the URL, or why it is
 * refused. @see draft-ietf-oauth-client-id-metadata-document-03 §3, WHATWG URL §4.4
 */
export function checkClientIdUrl(value: string): { url: URL } | { problem: string } {
  if (value.length > REGISTRATION_LIMITS.redirectUriLength) {
    return { problem: `is longer than ${REGISTRATION_LIMITS.redirectUriLength} characters` };
  }
  // The URL parser reads `\` as `/` in https URLs and drops tabs and newlines, so such a value
  // would name another document than the one its text shows.
  if (value.includes('\\')) return { problem: 'must not contain a backslash' };
  if ([...value].some((char) => char <= ' ' || (char >= '\x7f' && char <= '\x9f'))) {
    return { problem: 'must not contain spaces or control characters' };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'is not an absolute URL' };
  }
  if (url.protocol !== 'https:') return { problem: 'must use https' };
  if (url.username || url.password) return { problem: 'must not contain a user name or password' };
  if (value.includes('#')) return { problem: 'must not contain a fragment' };
  const rawPath =
    value
      .slice(value.indexOf('//') + 2)
      .replace(/^[^/?]*/, '')
      .split('?')[0] ?? '';
  if (rawPath === '' || rawPath === '/')
    return { problem: 'must have a path, such as /client.json' };
  const dotSegment = rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
  if (dotSegment) return { problem: 'must not contain . or .. path segments' };
  if (url.href !== value) {
    return { problem: 'must be written as the URL parser writes it (new URL(v).href === v)' };
  }
  return { url };
}

/**
 * Seconds to keep a fetched document, from its Cache-Control: none for `no-store` or
 * `no-cache`, `max-age` (or `s-maxage`) capped at LIMITS.clientMetadataMaxTtlSeconds, and
 * LIMITS.clientMetadataDefaultTtlSeconds when it says nothing.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §5.2, RFC 9111 §5.2.2
 */
export function readCacheLifetime(cacheControl: string | undefined): number {
  const directives = (cacheControl ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)([\s,=]|$)/.test(directives)) return 0;
  const maxAge = /(?:^|[\s,])(?:s-maxage|max-age)\s*=\s*"?(\d+)/.exec(directives)?.[1];
  if (maxAge === undefined) return LIMITS.clientMetadataDefaultTtlSeconds;
  return Math.min(Number(maxAge), LIMITS.clientMetadataMaxTtlSeconds);
}

/**
 * Reads a fetched client metadata document into the client it describes: a JSON object whose
 * `client_id` equals the URL it was fetched from (simple string comparison), a public client
 * (`token_endpoint_auth_method` absent or `none`, no `client_secret`), and RFC 7591 metadata that
 * passes the same checks as a registration (redirect URIs, grant types, scope). Every refusal is
 * invalid_client, naming the document. @see draft-ietf-oauth-client-id-metadata-document-03 §4, §5.1
 */
export function readClientMetadataDocument(
  clientId: string,
  text: string,
  now: number,
): OAuthResult<RegisteredClient> {
  const refuseDocument = (why: string) =>
    refuse('invalid_client', `The client metadata document at ${clientId} ${why}.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuseDocument('is not JSON');
  }
  const parsed = ClientMetadataDocumentSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'the document';
    return refuseDocument(`is not a valid client metadata document (${field}: ${issue?.message})`);
  }
  const document = parsed.data;
  if (document.client_id !== clientId) {
    return refuseDocument('names another client_id; its client_id must equal its URL exactly');
  }
  if (document.client_secret !== undefined) {
    return refuseDocument('contains a client_secret, which a metadata document must never carry');
  }
  const method = document.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') {
    return refuseDocument(
      `asks for token_endpoint_auth_method ${method}; this server supports public clients only (none)`,
    );
  }
  const client = readRegistration(body, now);
  if (!client.ok) {
    return refuseDocument(`is refused: ${client.refusal.description.replace(/\.$/, '')}`);
  }
  return { ok: true, value: { ...client.value, metadataUrl: clientId } };
}
