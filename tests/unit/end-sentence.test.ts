import { describe, expect, it } from 'vitest';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { buildSiteSnapshot } from '../../src/integrations/build-site-snapshot.ts';
import { buildAgentReadinessDocuments } from '../../src/documents/agent-readiness-documents.ts';
import { buildAgentsMd, buildSitemapMd } from '../../src/reference/agent-guides.ts';
import { buildPageMarkdowns } from '../../src/reference/page-markdown-versions.ts';
import { runToolExamples } from '../../src/reference/tool-examples.ts';
import { endSentence } from '../../src/documents/end-sentence.ts';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { buildSiteDocuments } from '../../src/documents/site-documents.ts';
import { buildStructuredData } from '../../src/reference/structured-data.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { MCP_METHODS, PROTOCOL_VERSIONS, type McpMethod } from '../../src/service/mcp-protocol.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { modernMeta } from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { buildSkillCatalog } from '../../src/mcp/skills.ts';
import { loadProjectTools } from '../support/expected-site.ts';

/**
 * A sentence that ends in a name ending with a period ("Inc.") gets no second one. Two periods
 * after a letter or digit, not followed by a third, a letter, a digit or a slash, are such a
 * doubled period; an ellipsis, a range such as `1..5` and a path such as `../x` are not.
 */
const DOUBLED_PERIOD = /[\p{L}\p{N}]\.\.(?![.\p{L}\p{N}/])/gu;

function findDoubledPeriods(text: string): string[] {
  return [...text.matchAll(DOUBLED_PERIOD)].map(({ index }) =>
    text.slice(Math.max(0, index - 40), index + 10),
  );
}

const sample = await loadFixtureContent('rich');
// Section titles that end with the name too: one opens a list of titles, one closes it.
const retitled = sample.copy.map((section, index, sections) =>
  index === 0
    ? { ...section, title: 'About Example Systems, Inc.' }
    : index === sections.length - 1
      ? { ...section, title: 'Customers of Example Systems, Inc.' }
      : section,
);
const content: SiteContent = {
  ...sample,
  company: { ...sample.company, name: 'Example Systems, Inc.' },
  copy: retitled,
  // Guidance in Japanese and Arabic, each sentence closed by its own script's punctuation.
  agents: {
    ...sample.agents,
    guidance: ['製品名は「フルニル」と書いてください。', 'هل تحتاج إلى الأسعار؟ اسأل المبيعات؟'],
  },
};
const tools = await loadProjectTools();
const site = {
  ...buildSiteDocuments(
    buildSiteSnapshot('https://facts.example.com', content, readRateLimitPolicy({}), tools),
  ),
  tools,
};

describe('endSentence', () => {
  it('should add a period to a sentence without one', () => {
    expect(endSentence('Facts about Oxbow')).toBe('Facts about Oxbow.');
  });

  it('should keep the period of a name that ends the sentence', () => {
    expect(endSentence('Facts about Example Systems, Inc.')).toBe(
      'Facts about Example Systems, Inc.',
    );
  });

  it('should keep other sentence-final punctuation, inside closing quotes or brackets too', () => {
    for (const text of ['Really?', 'Stop!', 'And so on…', 'He said "yes."', '(See above.)'])
      expect(endSentence(text)).toBe(text);
  });

  it('should keep the sentence-final punctuation of other scripts, inside their closing quotes too', () => {
    for (const text of [
      '毎朝、焼きたてを。',
      '本当？',
      'すごい！',
      'هل تعلم؟',
      '「はい。」',
      '« Oui ! »',
    ])
      expect(endSentence(text)).toBe(text);
  });

  it("should end a sentence with its script's own full stop, by the script most of its letters are in", () => {
    // Before, a Latin period: `कहें.`, `ください.`.
    expect(endSentence('कीमतों के लिए बिक्री टीम से पूछें')).toBe('कीमतों के लिए बिक्री टीम से पूछें।');
    expect(endSentence('MCP से कंपनी के तथ्य पूछें')).toBe('MCP से कंपनी के तथ्य पूछें।');
    expect(endSentence('© জয়পুর মসলা')).toBe('© জয়পুর মসলা।');
    expect(endSentence('製品名は「フルニル」と書いてください')).toBe(
      '製品名は「フルニル」と書いてください。',
    );
    expect(endSentence('Ուղարկեք հարցում')).toBe('Ուղարկեք հարցում։');
    expect(endSentence('ጥያቄ ይላኩ')).toBe('ጥያቄ ይላኩ።');
    // Thai ends a sentence with no mark; Korean and Arabic with `.`.
    expect(endSentence('ร้านขนมปังรุ่งอรุณ')).toBe('ร้านขนมปังรุ่งอรุณ');
    expect(endSentence('회사에 문의하세요')).toBe('회사에 문의하세요.');
    expect(endSentence('اسأل المبيعات')).toBe('اسأل المبيعات.');
    // An English sentence that ends with a Hindi name is English.
    expect(endSentence('Public marketing facts about मसाला समिति')).toBe(
      'Public marketing facts about मसाला समिति.',
    );
  });

  it('should keep a danda that ends a sentence already', () => {
    expect(endSentence('हम हर सुबह मसाले पीसते हैं।')).toBe('हम हर सुबह मसाले पीसते हैं।');
  });

  it('should add a period after an emoji, a colon or a dash, which end no sentence', () => {
    for (const text of ['Fresh bread 🍞', 'As follows:', 'And then —'])
      expect(endSentence(text)).toBe(`${text}.`);
  });

  it('should leave empty text empty', () => {
    expect(endSentence('')).toBe('');
  });
});

describe('generated documents', () => {
  /** Every MCP answer: each method, in each protocol version. */
  async function collectMcpAnswers(): Promise<string[]> {
    const handler = toWebHandler(createMcpHandler({ site }));
    const params: Record<McpMethod, Record<string, unknown>> = {
      initialize: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't' } },
      'notifications/initialized': {},
      ping: {},
      'server/discover': {},
      'tools/list': {},
      'tools/call': { name: 'get_company_overview', arguments: {} },
      'resources/list': {},
      'resources/templates/list': {},
      'resources/read': { uri: site.urls.llmsTxt },
      'prompts/list': {},
      'prompts/get': { name: 'company_brief', arguments: {} },
      'skills/list': {},
      'skills/get': { uri: buildSkillCatalog(site).entries[0]?.uri },
    };
    const answers = [await (await handler(new Request('https://facts.example.com/mcp'))).text()];
    for (const version of PROTOCOL_VERSIONS) {
      const modern = version === '2026-07-28';
      for (const method of MCP_METHODS) {
        const name = params[method].name ?? params[method].uri;
        const response = await handler(
          new Request('https://facts.example.com/mcp', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'MCP-Protocol-Version': version,
              ...(modern ? { 'Mcp-Method': method } : {}),
              ...(modern && typeof name === 'string' ? { 'Mcp-Name': name } : {}),
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method,
              params: { ...params[method], ...(modern ? { _meta: modernMeta() } : {}) },
            }),
          }),
        );
        answers.push(await response.text());
      }
    }
    return answers;
  }

  it('should end no sentence with a doubled period when the company name ends with one, nor add one after 。 or ؟', async () => {
    const agentDocuments = buildAgentReadinessDocuments(site);
    const texts = listTexts({
      ...site,
      ...agentDocuments,
      pageMarkdown: Object.fromEntries(
        buildPageMarkdowns(
          site,
          buildSiteRoutes(content, readProjectToolNames(process.cwd())).pages,
          () => new Date(0),
          await runToolExamples(site),
        ),
      ),
      sitemapMd: buildSitemapMd(site),
      agentsMd: buildAgentsMd(site),
      structuredData: buildStructuredData(content, site.urls),
      mcp: (await collectMcpAnswers()).map((answer) => JSON.parse(answer) as unknown),
    });
    // The name really reaches the documents, the MCP serverInfo description among them.
    expect(
      texts.filter(([, text]) => text.includes('Example Systems, Inc.')).length,
    ).toBeGreaterThan(20);
    expect(texts.map(([, text]) => text)).toContain(
      'Public marketing facts about Example Systems, Inc.',
    );
    const doubled = texts.flatMap(([where, text]) =>
      findDoubledPeriods(text).map((excerpt) => `${where}: …${excerpt}…`),
    );
    expect(doubled).toEqual([]);
    // Nor a period after another script's sentence-final punctuation: `。.` or `؟.`.
    expect(texts.filter(([, text]) => text.includes('フルニル')).length).toBeGreaterThan(3);
    const added = texts.flatMap(([where, text]) =>
      [...text.matchAll(/[。！？؟]\./gu)].map(
        ({ index }) => `${where}: …${text.slice(Math.max(0, index - 30), index + 5)}…`,
      ),
    );
    expect(added).toEqual([]);
  });
});

/** Every string in a document tree, with the path that leads to it. */
function listTexts(value: unknown, where = ''): [string, string][] {
  if (typeof value === 'string') return [[where, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => listTexts(child, `${where}/${key}`));
}
