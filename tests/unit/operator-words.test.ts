import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildAgentReadinessDocuments } from '../../src/documents/agent-readiness-documents.ts';
import { buildErrorPages } from '../../src/documents/error-pages.ts';
import { serializeJson } from '../../src/documents/site-documents.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildPageMarkdowns } from '../../src/reference/page-markdown-versions.ts';
import { runToolExamples } from '../../src/reference/tool-examples.ts';
import { listServiceLimits } from '../../src/reference/service-limits.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/service/rate-limit-policy.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import {
  findOperatorWords,
  OPERATOR_PHRASES,
  OPERATOR_VARIABLES,
} from '../support/operator-words.ts';
import { ROOT } from '../support/processes.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

describe('findOperatorWords', () => {
  it('should find a variable as a whole word and a phrase in any case', () => {
    expect(findOperatorWords('set OAUTH_SIGNING_KEYS, then Redeploy')).toHaveLength(2);
    expect(findOperatorWords('The Host header names the HOST')).toHaveLength(1);
    expect(findOperatorWords('a HOSTNAME, an import, the Host header')).toEqual([]);
  });

  it('should know every variable the owner guide documents', async () => {
    const guide = await readFile(`${ROOT}docs/owners.md`, 'utf8');
    const table = guide.slice(guide.indexOf('## Environment variables'));
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`(?:, `([A-Z][A-Z0-9_]*)`)?/gm)]
      .flatMap((match) => [match[1], match[2]])
      .filter((name): name is string => name !== undefined);
    expect(documented.length).toBeGreaterThan(15);
    expect([...OPERATOR_VARIABLES]).toEqual(expect.arrayContaining(documented));
    expect(OPERATOR_PHRASES).toContain('Vercel project');
  });
});

describe('the public documents', () => {
  it('should tell API users what happened without naming operator matters', async () => {
    const texts: Array<[string, string]> = [
      ['/llms.txt', site.llmsTxt],
      ['/llms-full.txt', site.llmsFullTxt],
      ['/auth.md', site.authMd],
      ['/openapi.json', serializeJson(site.openapi)],
      ...Object.entries(buildAgentReadinessDocuments(site)).map(
        ([name, value]): [string, string] => [
          name,
          typeof value === 'string' ? value : serializeJson(value),
        ],
      ),
      ...buildPageMarkdowns(
        site,
        buildSiteRoutes(site.content, readProjectToolNames(ROOT)).pages,
        () => new Date(0),
        await runToolExamples(site),
      ),
      ...buildErrorPages(site.urls.origin).map((page): [string, string] => [
        `/errors/${page.entry.code}`,
        JSON.stringify(page),
      ]),
      ['limits table', JSON.stringify(listServiceLimits(DEFAULT_RATE_LIMIT))],
      ['limits table, no rate limit', JSON.stringify(listServiceLimits(null))],
    ];
    expect(texts.length).toBeGreaterThan(40);
    const found = texts.flatMap(([where, text]) =>
      findOperatorWords(text).map((word) => `${where}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('should give every problem a detail, hint and resolution free of operator matters', () => {
    const found = listErrorCatalogue().flatMap((entry) =>
      findOperatorWords([entry.detail, entry.hint, entry.resolution].join(' ')).map(
        (word) => `${entry.code}: ${word}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
