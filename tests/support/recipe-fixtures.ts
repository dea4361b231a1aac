import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The three new things of docs/architecture.md's recipes ("Recipes: one place per new thing"), as
 * tests/build/one-place-recipes.test.ts checks them: a new MCP tool as one file in
 * src/mcp/tools/, a new page as one file in content/pages/, a new well-known document as a
 * builder plus one route-table entry. Written into a project copy before it is built
 * (tests/support/copy-builds.ts).
 */
export const TOOL_NAME = 'echo_fixture_words';
const TOOL_FILE = `import * as z from 'zod/mini';
import { defineTool } from '../tool-definition.ts';

/** A fixture: the words it is given, with the company's short name. */
export const echoFixtureWordsTool = defineTool({
  name: '${TOOL_NAME}',
  title: () => 'Echo fixture words',
  description: (content) =>
    \`Returns the words it is given beside \${content.company.alternateName}'s short name. A fixture tool that proves a new tool is one file.\`,
  inputSchema: () =>
    z.strictObject({
      words: z.string().check(z.minLength(1), z.describe('The words to give back')),
    }),
  outputSchema: () =>
    z.strictObject({
      words: z.string().check(z.describe('The words as they were given')),
      company: z.string().check(z.describe("The company's short name")),
    }),
  example: { words: 'one file' },
  prepare: ({ content }) => ({
    run: ({ words }) => ({
      structuredContent: { words, company: content.company.alternateName },
    }),
  }),
});
`;

export const PAGE_SLUG = 'fixture-visit-us';
export const PAGE = {
  title: 'Visit the fixture company',
  description: 'Where to find the fixture company, a page a site owner adds as one Markdown file.',
  heading: 'Visit us in person',
  navLabel: 'Visit us',
  llmsSection: 'Fixture places',
  body: 'Our fixture office welcomes visitors on weekdays.',
};
const PAGE_FILE = `---
title: ${PAGE.title}
description: ${PAGE.description}
heading: ${PAGE.heading}
navLabel: ${PAGE.navLabel}
navOrder: 15
llmsSection: ${PAGE.llmsSection}
---

${PAGE.body}

## Opening hours

Monday to Friday.

## Finding us

Next to the station.
`;

export const DOCUMENT_PATH = '/.well-known/fixture-facts.json';
const BUILDER_FILE = `import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';

/** A fixture: a well-known document that proves a new document is a builder and a route entry. */
export function buildFixtureFacts(content: SiteContent, urls: ServiceUrls) {
  return { company: content.company.alternateName, mcp: urls.mcp };
}
`;
const ROUTE_ENTRY = `  defineDocument('fixture-facts', ['${DOCUMENT_PATH}'], {
    document: 'fixtureFacts',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
`;

/** Inserts text before an anchor of a copied source file, failing loudly if the anchor moved. */
async function insertBefore(file: string, anchor: string, text: string): Promise<void> {
  const source = await readFile(file, 'utf8');
  if (!source.includes(anchor)) throw new Error(`${file} no longer holds ${anchor}`);
  await writeFile(file, source.replace(anchor, `${text}${anchor}`));
}

/** Writes the three new things into the copy, as a site owner or developer would. */
export async function addRecipeFixtures(dir: string): Promise<void> {
  await writeFile(join(dir, 'src', 'mcp', 'tools', 'echo-fixture-words.ts'), TOOL_FILE);
  await writeFile(join(dir, 'content', 'pages', `${PAGE_SLUG}.md`), PAGE_FILE);
  // The builder: its module, and its result computed once with the site's other documents.
  await writeFile(join(dir, 'src', 'documents', 'fixture-facts.ts'), BUILDER_FILE);
  const documents = join(dir, 'src', 'documents', 'site-documents.ts');
  await insertBefore(
    documents,
    'export type SiteDocuments',
    "import { buildFixtureFacts } from './fixture-facts.ts';\n",
  );
  await insertBefore(
    documents,
    '    copyDocuments:',
    '    fixtureFacts: buildFixtureFacts(content, urls),\n',
  );
  // The route-table entry: the generic document endpoint writes it, the table routes it.
  await insertBefore(
    join(dir, 'src', 'service', 'routes.ts'),
    "  defineDocument('claim'",
    ROUTE_ENTRY,
  );
}
