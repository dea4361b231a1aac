import { Parser } from 'htmlparser2';
import { findParityGaps } from '../../src/audit/markdown-parity.ts';
import { listMarkdownLinks } from '../../src/site-content/parse-markdown-outline.ts';
import type { SitePage } from '../../src/service/site-pages.ts';

/** A page's answer for one media type, or why there was none. */
async function fetchPageText(url: string, accept: string): Promise<string | Error> {
  const response = await fetch(url, { headers: { Accept: accept } });
  const body = await response.text();
  return response.status === 200 ? body : new Error(`${accept} answered ${response.status}`);
}

/**
 * The absolute address of each picture a page shows (an `<img>` with alt text: the product's
 * image in the home page's hero; the header's logo has none, it is decoration).
 */
function listShownImages(html: string, baseUrl: string): string[] {
  const images: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, { src, alt }) {
        if (name === 'img' && src && alt) images.push(new URL(src, baseUrl).href);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return images;
}

/** Whether a Markdown text shows the image at `url` with alt text (`![what it shows](url)`). */
function showsImage(markdown: string, url: string): boolean {
  const address = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`!\\[(?:[^\\]\\\\]|\\\\.)+\\]\\(${address}\\)`).test(markdown);
}

/**
 * What a page's Markdown version lacks or gets wrong, served at `baseUrl`, for any content: each
 * heading, operation, tool and table key of the HTML page it leaves out (findParityGaps), each
 * picture with alt text it does not show as a Markdown image at its absolute address, each
 * link that is not absolute (an agent reads the Markdown away from the site), and the note for AI
 * agents missing from its first lines. Empty when it carries everything.
 */
export async function findMarkdownVersionProblems(
  baseUrl: string,
  page: Pick<SitePage, 'path' | 'markdownPath'>,
): Promise<string[]> {
  const html = await fetchPageText(`${baseUrl}${page.path}`, 'text/html');
  const markdown = await fetchPageText(`${baseUrl}${page.markdownPath}`, 'text/markdown');
  if (html instanceof Error || markdown instanceof Error) {
    return [html, markdown].flatMap((answer) => (answer instanceof Error ? [answer.message] : []));
  }
  return [
    ...findParityGaps(html, markdown).map((gap) => `lacks the ${gap.kind} "${gap.text}"`),
    ...listMarkdownLinks(markdown)
      .filter((url) => !/^(?:https?:|mailto:)/.test(url))
      .map((url) => `links "${url}", not an absolute URL`),
    ...listShownImages(html, baseUrl)
      .filter((url) => !showsImage(markdown, url))
      .map((url) => `lacks the image ${url}`),
    ...(markdown.split('\n').slice(0, 12).join('\n').includes('> **For AI agents:**')
      ? []
      : ['has no "For AI agents" note in its first 12 lines']),
  ];
}
