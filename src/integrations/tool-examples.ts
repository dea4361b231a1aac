import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpSite } from '../mcp/tool-registry.ts';
import { buildToolPagePath } from '../service/docs-pages.ts';
import { renderToolExampleHtml } from '../reference/tool-example-html.ts';
import { formatToolExampleMarkdown, runToolExamples } from '../reference/tool-examples.ts';
import { readPageFile } from './search-index.ts';

/** Replaces the one placeholder of a built file, or fails the build naming the file. */
async function replaceOnce(file: string, placeholder: string, text: string): Promise<void> {
  const built = await readFile(file, 'utf8');
  const at = built.indexOf(placeholder);
  if (at < 0 || built.indexOf(placeholder, at + 1) >= 0) {
    throw new Error(`${file} does not hold exactly one example placeholder to write`);
  }
  await writeFile(file, `${built.slice(0, at)}${text}${built.slice(at + placeholder.length)}`);
}

/**
 * Writes the example result of each MCP tool that searches the built pages (search_site) into its
 * reference page and the page's Markdown version, in place of the placeholder they were built
 * with: the tool runs now, over the sections the search-index integration just wrote, the same
 * sections the MCP function ships. Returns the tools written.
 * @see src/reference/tool-examples.ts
 */
export async function writeToolExamples(root: string, site: McpSite): Promise<string[]> {
  const { pageSearch, ...documents } = site;
  if (!pageSearch) throw new Error('The built pages have no sections to run the examples on');
  const pending = [...(await runToolExamples(documents))]
    .filter(([, example]) => example === null)
    .map(([name]) => name);
  if (pending.length === 0) return [];
  const examples = await runToolExamples(site);
  for (const name of pending) {
    const example = examples.get(name);
    if (!example) throw new Error(`The MCP tool ${name} gave no example over the built pages`);
    const path = buildToolPagePath(name);
    await replaceOnce(
      readPageFile(root, path),
      await renderToolExampleHtml(name, null),
      await renderToolExampleHtml(name, example),
    );
    await replaceOnce(
      join(root, `${path}.md`),
      formatToolExampleMarkdown(null).join('\n'),
      formatToolExampleMarkdown(example).join('\n'),
    );
  }
  return pending;
}
