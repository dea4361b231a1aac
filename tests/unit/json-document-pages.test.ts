import { describe, expect, it } from 'vitest';
import { buildAgentReadinessDocuments } from '../../src/documents/agent-readiness-documents.ts';
import {
  buildAgentInstructionsSection,
  listAgentInstructions,
} from '../../src/documents/agent-instructions.ts';
import {
  buildJsonDocumentPages,
  listJsonDocumentEntries,
} from '../../src/documents/json-document-pages.ts';
import { serializeJson } from '../../src/documents/site-documents.ts';
import { parseMarkdownOutline } from '../../src/site-content/parse-markdown-outline.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const rich = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
const minimal = await loadFixtureContent('minimal');

describe('listAgentInstructions', () => {
  it('should give the guidance of agents.yaml, each sentence ended', () => {
    const instructions = listAgentInstructions(rich.content);
    expect(instructions).toHaveLength(rich.content.agents.guidance.length);
    for (const sentence of instructions) expect(sentence).toMatch(/[.!?…]["'”’)\]]*$/);
    expect(instructions.join(' ')).toContain('株式会社みなと');
  });

  it('should still name the company and forbid inference when agents.yaml has no guidance', () => {
    expect(minimal.agents.guidance).toEqual([]);
    const [naming, inference] = listAgentInstructions(minimal);
    expect(naming).toContain(`"${minimal.company.name}"`);
    expect(inference).toMatch(/do not infer/);
  });
});

describe('buildAgentInstructionsSection', () => {
  it('should be an H2 "Instructions for agents" over a list, ending with a blank line', () => {
    const lines = buildAgentInstructionsSection(minimal);
    expect(lines.slice(0, 2)).toEqual(['## Instructions for agents', '']);
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(2, -1)) expect(line).toMatch(/^- \S/);
  });
});

describe('buildJsonDocumentPages', () => {
  const pages = buildAgentReadinessDocuments(rich).jsonDocumentPages;
  const entries = listJsonDocumentEntries(rich.content, rich.urls);

  it('should give every JSON document llms.txt names one page that links the JSON', () => {
    expect(pages.map((page) => page.slug)).toEqual(entries.map((entry) => entry.slug));
    for (const [index, page] of pages.entries()) {
      const entry = entries[index];
      expect(page.markdown.startsWith(`# ${entry?.title}\n`), page.slug).toBe(true);
      expect(page.markdown, page.slug).toContain(`- URL: <${entry?.url}>`);
      expect(page.markdown, page.slug).toContain('\n## Instructions for agents\n');
    }
  });

  it('should show each small document as served, and refer to the reference for the others', () => {
    const page = (slug: string) => pages.find((candidate) => candidate.slug === slug)?.markdown;
    expect(page('overview')).toContain(serializeJson(rich.overview).trimEnd());
    expect(page('api-catalog')).toContain(serializeJson(rich.apiCatalog).trimEnd());
    expect(page('openapi')).toContain('(https://facts.example.com/docs.md)');
    expect(page('mcp')).toContain('"method":"tools/list"');
  });

  it('should keep every link absolute', () => {
    for (const page of pages) expect(page.markdown).not.toMatch(/\]\((?!https?:)[^)]*\)/);
  });

  it('should fence a document holding backticks with a longer fence, so it cannot close early', () => {
    const [page] = buildJsonDocumentPages(rich.content, rich.urls, {
      overview: '{"note": "```"}\n',
    });
    expect(page?.markdown).toContain('````json\n{"note": "```"}\n````\n');
    const outline = parseMarkdownOutline(page?.markdown ?? '');
    expect(outline.headings.map((heading) => heading.text)).toContain('The document');
  });
});
