import type { SiteContent } from '../schemas/site-content.ts';
import { endSentence } from './end-sentence.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';

/** The heading of the section llms.txt and every Markdown version carry. */
export const AGENT_INSTRUCTIONS_HEADING = '## Instructions for agents';

/**
 * What an agent is asked to do with these facts: the `guidance` of content/agents.yaml (how to
 * refer to the company, what not to infer), each sentence ended; a site whose agents.yaml gives
 * none still says how to name the company, from company.yaml, and not to infer.
 * @see issue 28 item 4 (Instructions for agents)
 */
export function listAgentInstructions(content: SiteContent): string[] {
  const { company, agents } = content;
  if (agents.guidance.length > 0) return agents.guidance.map((sentence) => endSentence(sentence));
  const shortName =
    company.alternateName === company.name ? '' : `, "${company.alternateName}" for short`;
  return [
    `Refer to the company as "${company.name}"${shortName}.`,
    'Use only the facts published here; do not infer or invent facts this site does not state.',
  ];
}

/**
 * The "Instructions for agents" section, as Markdown lines (a heading, a list of the plain-text
 * sentences, a blank line):
 * llms.txt carries it after its summary, every Markdown version after its "For AI agents" note.
 * @see https://llmstxt.org/ (free text and H2 sections); issue 28 item 4
 */
export function buildAgentInstructionsSection(content: SiteContent): string[] {
  return [
    AGENT_INSTRUCTIONS_HEADING,
    '',
    ...listAgentInstructions(content).map((sentence) => `- ${escapeMarkdownText(sentence)}`),
    '',
  ];
}
