import {
  buildCodeSamples,
  SAMPLE_LANGUAGES,
  type CodeSample,
  type SampleRequest,
} from '../documents/code-samples.ts';
import type { FieldRow } from './api-reference.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';

/** One table cell: pipes escaped, line breaks folded, never empty. */
function formatCell(text: string): string {
  const cell = text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return cell.length > 0 ? cell : ' ';
}

/** A GitHub-flavoured Markdown table, preceded by its caption in bold (as the HTML captions it). */
export function formatTable(
  caption: string | undefined,
  headings: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  return [
    ...(caption ? [`**${caption}**`, ''] : []),
    `| ${headings.map(formatCell).join(' | ')} |`,
    `| ${headings.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(formatCell).join(' | ')} |`),
    '',
  ];
}

/** A field or parameter table, as FieldTable.astro shows one. */
export function formatFieldTable(
  rows: readonly FieldRow[],
  caption: string,
  nameHeading = 'Field',
): string[] {
  return formatTable(
    caption,
    [nameHeading, 'Type', 'Required', 'Description'],
    rows.map((row) => [
      `\`${row.name}\``,
      row.type,
      row.required ? 'yes' : 'no',
      escapeMarkdownText(row.description),
    ]),
  );
}

/** A fenced code block with its language (the `language-*` class of CodeBlock.astro). */
export function formatFence(language: string, code: string): string[] {
  const fence = code.includes('```') ? '````' : '```';
  return [`${fence}${language}`, code, fence, ''];
}

/** A request's samples (curl, JavaScript, Python) as three fenced blocks, as CodeSamples shows them. */
export function formatSampleFences(request: SampleRequest | undefined): string[] {
  if (!request) return [];
  const samples = buildCodeSamples(request);
  return SAMPLE_LANGUAGES.flatMap((language) => formatFence(language.fence, samples[language.id]));
}

/** Samples in their tabs' order as fenced blocks, as CodeSamples shows a list of them. */
export function formatSampleListFences(samples: readonly CodeSample[]): string[] {
  return samples.flatMap((sample) => formatFence(sample.fence, sample.code));
}
