/**
 * `mailto:` URLs as content/ takes them (LinkUrlSchema, content-urls.ts), apart from zod: the
 * documents that read them (JSON-LD, the OpenAPI description) need no schema library.
 */

/** One address after `mailto:`, then headers if any (`mailto:sales@example.com?subject=Hi`). */
export const MAILTO_URL = /^mailto:[^@?,\s]+@[^@?,\s]+(?:\?\S*)?$/i;

/**
 * The address of a `mailto:` URL (`sales@example.com`), or undefined for an http(s) URL:
 * schema.org's ContactPoint and OpenAPI's contact object write an address as `email`.
 */
export function readMailtoAddress(url: string): string | undefined {
  if (!/^mailto:/i.test(url)) return undefined;
  const address = url.slice('mailto:'.length).split('?')[0] ?? '';
  try {
    return decodeURIComponent(address);
  } catch {
    return address;
  }
}
