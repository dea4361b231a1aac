/** Media types as served, one place (SPEC §4; UTF-8 text types carry their charset). */
export const MEDIA_TYPES = {
  json: 'application/json',
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  /** @see RFC 9727 §4.1 (linkset with the api-catalog profile) */
  linkset: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  problem: 'application/problem+json',
} as const;

/** A prerendered document's response; the same bytes the static output holds. */
export function documentResponse(body: string, mediaType: string): Response {
  return new Response(body, { headers: { 'Content-Type': mediaType } });
}
