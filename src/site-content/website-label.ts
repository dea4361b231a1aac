import { domainToUnicode } from 'node:url';

/**
 * The company's website as the site shows it, in the home page's fact sheet and in the footer of
 * every page: its host, in the letters the owner wrote it in where the address carries it in
 * Punycode (`www.żagiel.pl`, not `www.xn--agiel-hib.pl`), and its path when the company's site is
 * a part of a larger one (`havbruk.example/nordlys`, not `havbruk.example`, which would name
 * another site). The scheme, a query and a fragment are left out; the link keeps the address as
 * written.
 */
export function formatWebsite(website: string): string {
  const url = new URL(website);
  // An IP address, or a label Punycode cannot decode, comes back as it is; nothing comes back empty.
  const host = domainToUnicode(url.hostname) || url.hostname;
  return `${host}${url.port ? `:${url.port}` : ''}${readablePath(url.pathname).replace(/\/+$/, '')}`;
}

/** A path with its percent-encoded UTF-8 shown as the characters (as written when it is not UTF-8). */
function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
