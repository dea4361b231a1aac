import { ERRORS_INDEX_COPY, type ErrorPage } from '../documents/error-pages.ts';
import { JSON_RPC_ERROR_MEANINGS } from '../service/error-catalogue.ts';
import { JSON_RPC_ERRORS } from '../service/mcp-protocol.ts';
import { formatFence, formatTable } from './markdown-tables.ts';

/** The body of one error page's Markdown version, in the order errors/[code].astro renders it. */
export function buildErrorPageMarkdownBody(page: ErrorPage): string[] {
  const { entry } = page;
  return [
    `**Status:** ${entry.status} ${entry.title}`,
    '',
    ...page.sections.flatMap((section) => [
      `## ${section.heading}`,
      '',
      ...section.paragraphs.flatMap((paragraph) => [paragraph, '']),
      ...(section.items ?? []).map((item) => `- ${item}`),
      ...(section.items ? [''] : []),
    ]),
    '## Example body',
    '',
    `The answer to a request for \`${page.exampleInstance}\`:`,
    '',
    ...formatFence('json', page.example),
    'See [every error](/errors.md) and the [API docs](/docs.md).',
    '',
  ];
}

/** The body of the /errors index's Markdown version, as errors/index.astro renders it. */
export function buildErrorsIndexMarkdownBody(pages: readonly ErrorPage[]): string[] {
  const names = Object.keys(JSON_RPC_ERRORS) as (keyof typeof JSON_RPC_ERRORS)[];
  return [
    ERRORS_INDEX_COPY.intro,
    '',
    `## ${ERRORS_INDEX_COPY.problemHeading}`,
    '',
    ...formatTable(
      undefined,
      ['Code', 'Status', 'Meaning'],
      pages.map(({ entry }) => [
        `[\`${entry.code}\`](/errors/${entry.code}.md)`,
        String(entry.status),
        entry.detail,
      ]),
    ),
    `## ${ERRORS_INDEX_COPY.jsonRpcHeading}`,
    '',
    ...formatTable(
      undefined,
      ['Code', 'Meaning'],
      names.map((name) => [`\`${JSON_RPC_ERRORS[name]}\``, JSON_RPC_ERROR_MEANINGS[name]]),
    ),
  ];
}
