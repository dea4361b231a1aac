/**
 * The example result of a tool's reference page as HTML (its Markdown is in tool-examples.ts):
 * the sentence, then the JSON highlighted. The build finds a placeholder by this same text
 * (src/integrations/tool-examples.ts), so it is written here only.
 */
import { escapeHtml } from '../service/escape-html.ts';
import { renderCodeBlockHtml } from './code-block-html.ts';
import {
  describeExample,
  labelToolExample,
  PENDING_CODE,
  type ToolExample,
} from './tool-examples.ts';

/** A sentence's backticked code as `<code>`, the rest escaped. */
function renderInlineCode(sentence: string): string {
  return sentence
    .split('`')
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
    .join('');
}

/** The example as the tool's page shows it; `null` gives the placeholder the build replaces. */
export async function renderToolExampleHtml(
  name: string,
  example: ToolExample | null,
): Promise<string> {
  const block = await renderCodeBlockHtml({
    code: example?.json ?? PENDING_CODE,
    lang: 'json',
    label: labelToolExample(name),
    highlight: example !== null,
  });
  return `<p class="docs-example-note">${renderInlineCode(describeExample(example))}</p>${block}`;
}
