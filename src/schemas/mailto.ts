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

/** A local part OpenAPI's `format: email` accepts: RFC 5321's dot-atom, ASCII only. */
const ASCII_LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** A domain in ASCII (`café.example` becomes `xn--caf-dma.example`), or undefined when it is none. */
function readAsciiDomain(domain: string): string | undefined {
  try {
    const ascii = new URL(`http://${domain}`).hostname;
    return ascii === '' ? undefined : ascii;
  } catch {
    return undefined;
  }
}

/**
 * The address of a `mailto:` URL as RFC 5321 writes it (`format: email`, which OpenAPI's contact
 * object requires): its domain in ASCII (`ventas@café.example` becomes
 * `ventas@xn--caf-dma.example`), or undefined when the local part is not ASCII (`begoña@…`, which
 * only RFC 6531's `idn-email` allows) or the URL is not a `mailto:` one.
 */
export function readAsciiMailbox(url: string): string | undefined {
  const address = readMailtoAddress(url);
  if (address === undefined) return undefined;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (at < 1 || !ASCII_LOCAL_PART.test(local)) return undefined;
  const domain = readAsciiDomain(address.slice(at + 1));
  return domain === undefined ? undefined : `${local}@${domain}`;
}

/**
 * A link as a URI (`format: uri`), ASCII only: the host in ASCII, the rest percent-encoded;
 * `mailto:begoña@café.example` becomes `mailto:bego%C3%B1a@xn--caf-dma.example`.
 */
export function toAsciiUri(url: string): string {
  const address = readMailtoAddress(url);
  if (address === undefined) return new URL(url).href;
  const at = address.lastIndexOf('@');
  const domain = readAsciiDomain(address.slice(at + 1)) ?? address.slice(at + 1);
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  // The local part encoded again (readMailtoAddress decoded it): a `%3F` stays no query.
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${domain}${query}`;
}
