/**
 * `mailto:` URLs as content/ takes them (LinkUrlSchema, content-urls.ts), apart from zod: the
 * documents that read them (JSON-LD, the OpenAPI description) need no schema library.
 */

/**
 * One address after `mailto:`, then headers if any (`mailto:sales@example.com?subject=Hi`), whose
 * values may hold spaces as an owner writes them (`?subject=थोक ऑर्डर`; content/ stores them
 * percent-encoded), but no control character.
 */
export const MAILTO_URL = /^mailto:[^@?,\s]+@[^@?,\s]+(?:\?\P{Cc}*)?$/iu;

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

/** A `mailto:` URL's address, split at its last `@`; undefined for another URL or no local part. */
function splitMailbox(url: string): { local: string; domain: string } | undefined {
  const address = readMailtoAddress(url);
  const at = address?.lastIndexOf('@') ?? -1;
  if (address === undefined || at < 1) return undefined;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * The address of a `mailto:` URL as RFC 5321 writes it (`format: email`, which OpenAPI's contact
 * object requires): its domain in ASCII (`ventas@café.example` becomes
 * `ventas@xn--caf-dma.example`), or undefined when the local part is not ASCII (`begoña@…`, which
 * only RFC 6531's `idn-email` allows) or the URL is not a `mailto:` one.
 */
export function readAsciiMailbox(url: string): string | undefined {
  const mailbox = splitMailbox(url);
  if (!mailbox || !ASCII_LOCAL_PART.test(mailbox.local)) return undefined;
  const domain = readAsciiDomain(mailbox.domain);
  return domain === undefined ? undefined : `${mailbox.local}@${domain}`;
}

/**
 * A link of content/ as a URI (`format: uri`): as content-urls.ts stored it (already ASCII,
 * percent-encoded), a `mailto:` URL's domain in ASCII too;
 * `mailto:bego%C3%B1a@caf%C3%A9.example` becomes `mailto:bego%C3%B1a@xn--caf-dma.example`.
 */
export function toAsciiUri(url: string): string {
  const mailbox = splitMailbox(url);
  if (!mailbox) return url;
  const domain = readAsciiDomain(mailbox.domain) ?? mailbox.domain;
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  // The local part encoded again (readMailtoAddress decoded it): a `%3F` stays no query.
  return `mailto:${encodeURIComponent(mailbox.local)}@${domain}${query}`;
}
