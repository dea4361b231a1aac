import { buildSiteSnapshot } from '../../src/integrations/build-site-snapshot.ts';
import { readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { buildSiteDocuments, type SiteDocuments } from '../../src/documents/site-documents.ts';
import { loadSampleContent } from './sample-content.ts';

/** Every document as the builders compute it straight from content/, for comparison with what is served. */
export async function loadExpectedSite(siteUrl: string): Promise<SiteDocuments> {
  return buildSiteDocuments(
    buildSiteSnapshot(siteUrl, await loadSampleContent(), readRateLimitPolicy({})),
  );
}

/** Turns the HTML entities Astro emits back into text, so facts can be compared with pages. */
export function decodeHtmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
