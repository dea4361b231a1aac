import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { listDevDeadLinkWarnings } from '../../src/integrations/dev-dead-links.ts';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { loadFixtureContent, resolveFixtureDir } from '../support/fixture-content.ts';
import { ROOT } from '../support/processes.ts';

/** A stand-in for the dev server: answers /brochure.pdf, 404 to the rest, and notes every path. */
let devServer: Server;
let origin: string;
const asked: string[] = [];

beforeAll(async () => {
  devServer = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(request.url === '/brochure.pdf' ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => devServer.close(resolve));
});

/** The rich fixture, its product description linking to these paths. */
async function contentLinkingTo(paths: readonly string[]): Promise<SiteContent> {
  const content = await loadFixtureContent('rich');
  const links = paths.map((path) => `- [a link](${path})`).join('\n');
  return { ...content, product: { ...content.product, body: `${links}\n` } };
}

describe('listDevDeadLinkWarnings', () => {
  it('should name a link to a path the routing gives nothing without asking the dev server, whose router would warn first', async () => {
    const content = await contentLinkingTo(['/no-such-page', '/brochure.pdf', '/old-notes.md']);
    const routes = buildSiteRoutes(content, readProjectToolNames(ROOT));
    asked.length = 0;
    const warnings = await listDevDeadLinkWarnings(resolveFixtureDir('rich'), content, {
      routes,
      routesNowhere: (path) => path === '/no-such-page',
      origin,
    });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^rich\/product\.md: [^:]+: links to \/no-such-page, which the site does not publish/,
      ),
      expect.stringMatching(
        /^rich\/product\.md: [^:]+: links to \/old-notes\.md, which the site does not publish/,
      ),
    ]);
    // Only the paths the routing gives a file or a function are asked (and judged by their answer).
    expect(asked.sort()).toEqual(['/brochure.pdf', '/old-notes.md']);
  });
});
