import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';

/**
 * The AI crawlers robots.txt names in its own group, so a scanner (and each crawler) finds an
 * explicit rule for it rather than only the `*` group.
 */
export const AI_CRAWLERS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'Claude-Web',
  'anthropic-ai',
  'Google-Extended',
  'PerplexityBot',
  'Perplexity-User',
  'CCBot',
  'Applebot-Extended',
  'Amazonbot',
  'meta-externalagent',
  'FacebookBot',
  'Bytespider',
  'cohere-ai',
  'DuckAssistBot',
  'MistralAI-User',
  'Diffbot',
] as const;

/** The Content-Signal value of the content's preferences (search, ai-input, ai-train). */
function formatContentSignal(content: SiteContent): string {
  const { search, aiInput, aiTrain } = content.agents.contentSignals;
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return `search=${yesNo(search)}, ai-input=${yesNo(aiInput)}, ai-train=${yesNo(aiTrain)}`;
}

/**
 * The same preferences in the IETF AIPREF vocabulary: a Structured Fields dictionary of `y`/`n`
 * tokens for `train-ai` (from aiTrain) and `search`. Content Signals' `ai-input` has no AIPREF
 * category yet, so it is stated only as a Content-Signal.
 * @see draft-ietf-aipref-vocab §5-6 (categories, serialization), draft-ietf-aipref-attach §2-3
 */
export function formatContentUsage(content: SiteContent): string {
  const { search, aiTrain } = content.agents.contentSignals;
  const yesNo = (value: boolean) => (value ? 'y' : 'n');
  return `train-ai=${yesNo(aiTrain)}, search=${yesNo(search)}`;
}

/**
 * Builds /robots.txt: one group for the named AI crawlers and one for everyone else, each
 * allowing the whole public site and stating the content's usage preferences in two vocabularies
 * (Content-Signal and AIPREF's Content-Usage), then the Sitemap and the AI Catalog (Agentmap).
 * @see RFC 9309 §2.1-2.2 (groups, allow rules), §2.2.4 (other records such as Sitemap)
 * @see https://contentsignals.org/ (Content-Signal, draft)
 * @see draft-ietf-aipref-attach §3 (Content-Usage rule); ARD v0.9 §6.1 (Agentmap directive)
 */
export function buildRobotsTxt(content: SiteContent, urls: ServiceUrls): string {
  const rules = [
    'Allow: /',
    `Content-Signal: ${formatContentSignal(content)}`,
    `Content-Usage: ${formatContentUsage(content)}`,
  ];
  return [
    `# ${content.company.name}: public marketing facts for people and AI agents.`,
    `# Everything here is public and read-only. Agents: start at ${urls.llmsTxt}`,
    `# Every page as Markdown: ${urls.sitemapMd}`,
    '',
    ...AI_CRAWLERS.map((agent) => `User-agent: ${agent}`),
    ...rules,
    '',
    'User-agent: *',
    ...rules,
    '',
    `Sitemap: ${urls.origin}/sitemap.xml`,
    `Agentmap: ${urls.aiCatalog}`,
    '',
  ].join('\n');
}
