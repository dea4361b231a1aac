import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { renderChangelogEntries } from '../site-content/changelog-html.ts';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A day of the changelog as an RFC 3339 date-time (the start of that day, UTC). */
function formatAtomDate(day: string): string {
  return `${day}T00:00:00Z`;
}

/**
 * Builds /changelog.xml: the changelog as an Atom feed, newest entry first; undefined for a site
 * without a changelog. Its languages are marked as the page marks them: the feed's own words
 * English, each entry in the content's `locale`, so a feed reader can tell a Hindi entry is Hindi.
 * Each entry's id is a tag URI of the site's host, its date and its file name (RFC 4151), so it
 * stays the same however the entry's title or the page change; its link is the entry's heading on
 * /changelog. Build time only: the bodies are rendered by the native parser.
 * @see RFC 4287 §4.1.1 (feed), §4.1.2 (entry), §4.2.6 (id)
 */
export function buildChangelogFeed(
  content: Pick<SiteContent, 'changelog' | 'company'>,
  urls: ServiceUrls,
): string | undefined {
  const rendered = renderChangelogEntries(content.changelog);
  const newest = rendered[0];
  if (!newest) return undefined;
  const host = new URL(urls.origin).hostname;
  const author = [
    '    <author>',
    `      <name>${escapeXml(content.company.name)}</name>`,
    `      <uri>${escapeXml(content.company.website)}</uri>`,
    '    </author>',
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    // The feed's own words are the site's (English); each entry is the owner's, in the content's
    // language, but for its summary, which the site writes (RFC 4287 §2, xml:lang).
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(urls.changelog)}</id>`,
    `  <title>${escapeXml(`${content.company.name}: changelog`)}</title>`,
    '  <subtitle>What changed in the API, the MCP server and the agent documents, with the API version of each change and whether it breaks a client.</subtitle>',
    `  <updated>${formatAtomDate(newest.entry.date)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(urls.changelogFeed)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(urls.changelog)}"/>`,
    ...author.map((line) => line.slice(2)),
    ...rendered.flatMap(({ entry, anchor, html }) => [
      `  <entry xml:lang="${escapeXml(content.company.locale)}">`,
      `    <id>tag:${escapeXml(host)},${entry.date}:changelog/${entry.slug}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <published>${formatAtomDate(entry.date)}</published>`,
      `    <updated>${formatAtomDate(entry.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${urls.changelog}#${anchor}`)}"/>`,
      `    <category term="api-${escapeXml(entry.apiVersion)}" label="API ${escapeXml(entry.apiVersion)}"/>`,
      ...(entry.breaking ? ['    <category term="breaking" label="Breaking change"/>'] : []),
      `    <summary xml:lang="en">${escapeXml(`API ${entry.apiVersion}. ${entry.breaking ? 'Breaking change: clients must change.' : 'Not breaking: clients keep working.'}`)}</summary>`,
      `    <content type="html" xml:base="${escapeXml(urls.changelog)}">${escapeXml(html)}</content>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ].join('\n');
}
