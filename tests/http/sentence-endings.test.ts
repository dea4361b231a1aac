import { describe, expect, inject, it } from 'vitest';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { decodeHtmlText } from '../support/expected-site.ts';
import { postMcp } from '../support/mcp-requests.ts';

/** Every page of the served content, its own content pages included. */
const SITE_PAGES = (await loadSampleRoutes()).pages;

/**
 * A company name such as "Example Systems, Inc." ends with a period: no page or document
 * may end a sentence after it with a second one. Two periods after a letter or digit, not followed
 * by a third, a letter, a digit or a slash, are such a doubled period.
 */

const baseUrl = inject('baseUrl');
const DOUBLED_PERIOD = /[\p{L}\p{N}]\.\.(?![.\p{L}\p{N}/])/gu;

const DOCUMENTS = [
  ...SITE_PAGES.flatMap((page) => [page.path, page.markdownPath]),
  '/llms.txt',
  '/llms-full.txt',
  '/auth.md',
  '/openapi.json',
  '/robots.txt',
  '/.well-known/mcp/server-card.json',
  '/mcp/server-card',
  '/.well-known/agent-skills/index.json',
];

describe('served documents', () => {
  it.each(DOCUMENTS)('should end no sentence in %s with a doubled period', async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    const text = response.headers.get('content-type')?.startsWith('text/html')
      ? decodeHtmlText(body)
      : body;
    const excerpts = [...text.matchAll(DOUBLED_PERIOD)].map(({ index }) =>
      text.slice(Math.max(0, index - 40), index + 10),
    );
    expect(excerpts).toEqual([]);
  });

  it('should end the MCP serverInfo description with one period', async () => {
    const { body } = await postMcp(baseUrl, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't' } },
    });
    expect(body.result.serverInfo.description).toMatch(/[^.]\.$/);
  });
});
