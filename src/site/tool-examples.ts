import { runToolExamples } from '../reference/tool-examples.ts';
import { site } from './built-site.ts';

// Never the pages' sections of an earlier build (src/generated/page-sections.ts): a tool that
// searches them gets its example from this build's pages, written in after them.
const { pageSearch: _earlierBuild, ...documents } = site;

/**
 * Each MCP tool's example result, run once for every page and Markdown version of the build; null
 * for a tool that searches the built pages (the build writes its example in after them).
 */
export const toolExamples = await runToolExamples(documents);
