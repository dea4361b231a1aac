import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** Special tokens written in a document are text to count, not markers to refuse. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The size of a Markdown answer as `x-markdown-tokens` states it: the number of tokens of the
 * whole body (front matter included) in o200k_base, the encoding of OpenAI's GPT-4o and later
 * models, counted with gpt-tokenizer. Other models' tokenizers count the same text differently,
 * so it is an estimate for them; the build counts each file once, so no answer pays for it.
 * @see https://github.com/openai/tiktoken (o200k_base)
 */
export function countMarkdownTokens(text: string): number {
  return countTokens(text, AS_TEXT);
}
