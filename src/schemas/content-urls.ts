/**
 * The URLs a site owner writes in content/: the website (a web page) and where a reader is sent
 * (a call to action, the contact address: a web page or an e-mail address).
 */
import * as z from 'zod';
import { MAILTO_URL } from './mailto.ts';

/**
 * An absolute https (or, for local use, http) URL written by a site owner. One holding characters
 * outside ASCII (`/ja/お問い合わせ`, an internationalized host) is stored as the URI it stands for,
 * percent-encoded and in Punycode, since a URI is ASCII (RFC 3986 §2) and clients check the `uri`
 * format of what the API and the MCP tools answer; an ASCII URL is kept exactly as written.
 * @see https://www.rfc-editor.org/rfc/rfc3987#section-3.1 (mapping an IRI to a URI)
 */
export const PublicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .overwrite(toUri);

/** A URL holding characters outside ASCII as the URI it stands for; any other as written. */
function toUri(url: string): string {
  // Zod runs this even after the URL check failed (it reports every problem at once), hence canParse.
  return /[^\x21-\x7e]/.test(url) && URL.canParse(url) ? new URL(url).href : url;
}

/**
 * Where a reader is sent (a call to action, the contact address): an absolute http(s) URL as
 * PublicUrlSchema, or a `mailto:` URL with one address, since "Write to us" is a call to action
 * many companies publish. Not `tel:` or any other scheme: agents and the API's clients follow web
 * links and e-mail addresses.
 */
export const LinkUrlSchema = z
  .url({
    protocol: /^(?:https?|mailto)$/,
    error: 'must be an absolute http(s) URL or an e-mail address as mailto:sales@example.com',
  })
  .refine(
    (url) => !/^mailto:/i.test(url) || MAILTO_URL.test(url),
    'must name one e-mail address after mailto, as mailto:sales@example.com',
  )
  .overwrite(toUri);
