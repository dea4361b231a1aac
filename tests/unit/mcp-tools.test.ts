import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildToolDescriptors, SHARED_OUTPUT_SCHEMAS } from '../../src/mcp/tool-descriptors.ts';
import { buildToolRunners } from '../../src/mcp/tool-registry.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
const runners = buildToolRunners(site);

/** Each tool's output schema, as tool-descriptors.ts publishes it. */
const OUTPUTS = new Map(
  site.tools.map((tool) => [tool.name as string, tool.outputSchema(SHARED_OUTPUT_SCHEMAS)]),
);

/** Each tool's own example arguments, from its file in src/mcp/tools/. */
const SAMPLES: Record<string, { args: unknown }> = Object.fromEntries(
  site.tools.map((tool) => [tool.name, { args: tool.example }]),
);

describe('the MCP tools', () => {
  it('should have a runner for every published descriptor and no other', () => {
    expect([...runners.keys()]).toEqual(
      buildToolDescriptors(site.content, site.tools).map((tool) => tool.name),
    );
    expect(Object.keys(SAMPLES)).toEqual([...runners.keys()]);
  });

  it('should publish object input and output schemas with a title and an actionable description', () => {
    for (const tool of site.mcpTools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(tool.description.length, tool.name).toBeGreaterThan(80);
    }
  });

  it.each(Object.entries(SAMPLES))(
    'should answer %s with structured content that fits its output schema',
    async (name, sample) => {
      const runner = runners.get(name);
      const args = runner?.inputSchema.safeParse(sample.args);
      expect(args?.success, name).toBe(true);
      const output = await runner?.run(args?.data);
      const outputSchema = OUTPUTS.get(name);
      expect(outputSchema, name).toBeDefined();
      if (!outputSchema) return;
      expect(z.safeParse(outputSchema, output?.structuredContent).error).toBeUndefined();
      expect(output?.text.length).toBeGreaterThan(0);
    },
  );

  it.each(Object.entries(SAMPLES))(
    'should answer %s with structured content that passes its published JSON Schema, formats included',
    async (name, sample) => {
      // What the official SDK clients check: the published schema, with its `uri` and other formats.
      const ajv = new Ajv2020({ strict: false });
      addFormats.default(ajv);
      const published = site.mcpTools.find((tool) => tool.name === name)?.outputSchema;
      const runner = runners.get(name);
      const output = await runner?.run(runner.inputSchema.parse(sample.args));
      const validate = ajv.compile(published ?? {});
      expect(validate(output?.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('should find through search_site_copy the text under a setext heading, with that heading and its place', async () => {
    // The rich company's savoir-faire.md puts "Allergen sheets" over a line of dashes.
    const output = await runners
      .get('search_site_copy')
      ?.run({ query: 'allergens sesame lupin', limit: 1 });
    expect(output?.structuredContent).toEqual({
      query: 'allergens sesame lupin',
      results: [
        expect.objectContaining({
          rank: 1,
          section: 'Savoir-faire and the recipe library',
          heading: 'Allergen sheets',
          source: 'https://facts.example.com/copy/savoir-faire.md',
          page: 'https://facts.example.com/#allergen-sheets',
        }),
      ],
    });
  });

  it('should list the section slugs the copy has in the get_site_copy_section schema', () => {
    const schema = site.mcpTools.find((tool) => tool.name === 'get_site_copy_section')
      ?.inputSchema as {
      properties: { section: { enum: string[] } };
    };
    expect(schema.properties.section.enum).toEqual([
      'product',
      ...site.content.copy.map((section) => section.slug),
    ]);
  });

  it.each([
    ['minimal', '(Ask us)'],
    [
      'rich',
      '(Réserver une démonstration, Start a four-week trial, 株式会社みなとに問い合わせる, ...)',
    ],
  ])(
    "should give list_calls_to_action examples from %s's own calls to action",
    async (name, examples) => {
      const tools = buildToolDescriptors(await loadFixtureContent(name), site.tools);
      const description = tools.find((tool) => tool.name === 'list_calls_to_action')?.description;
      expect(description).toContain(`calls to action ${examples}, each`);
    },
  );
});
