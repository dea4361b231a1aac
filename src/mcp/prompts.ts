import type { SiteDocuments } from '../documents/site-documents.ts';
import { endSentence } from '../documents/end-sentence.ts';
import { serializeJson } from '../documents/site-documents.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';

export interface McpPromptArgument {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}

/** A prompt message as MCP defines it (text, or an embedded resource). */
export type McpPromptMessage =
  | { role: 'user'; content: { type: 'text'; text: string } }
  | {
      role: 'user';
      content: { type: 'resource'; resource: { uri: string; mimeType: string; text: string } };
    };

export interface McpPrompt {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly McpPromptArgument[];
  render(args: Readonly<Record<string, string>>): McpPromptMessage[];
}

/** Prompts that help an agent use the facts faithfully: a brief, and a cited answer. */
export function buildPrompts(site: SiteDocuments): McpPrompt[] {
  const { company } = site.content;
  return [
    {
      name: 'company_brief',
      title: `Brief about ${company.alternateName}`,
      description: `Asks for a short, factual brief about ${company.name} built only from its published overview, for a given audience.`,
      arguments: [
        {
          name: 'audience',
          description: 'Who the brief is for, e.g. "a new customer" or "a journalist"',
          required: false,
        },
      ],
      render: (args) => [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `${endSentence(`Write a brief of at most 150 words about ${company.name} for ${args.audience?.trim() || 'a general business reader'}`)} Use only the facts in the overview below, quote the tagline exactly, and end with the most relevant call to action from the list_calls_to_action tool.`,
          },
        },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: site.urls.overview,
              mimeType: MEDIA_TYPES.json,
              text: serializeJson(site.overview),
            },
          },
        },
      ],
    },
    {
      name: 'answer_from_site_copy',
      title: `Answer from ${company.alternateName}'s site copy`,
      description: `Asks for an answer to a question using only ${company.alternateName}'s public site copy, with citations.`,
      arguments: [{ name: 'question', description: 'The question to answer', required: true }],
      render: (args) => [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Answer this question about ${company.name} using only its public site copy: "${args.question ?? ''}". Call the search_site_copy tool, cite the source URL of every passage you use, and say plainly when the copy does not answer the question. This service holds no customer data.`,
          },
        },
      ],
    },
  ];
}
