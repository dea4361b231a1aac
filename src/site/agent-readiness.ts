import { buildAgentReadinessDocuments } from '../documents/agent-readiness-documents.ts';
import { buildPageMarkdowns } from '../reference/page-markdown-versions.ts';
import { site } from './built-site.ts';

/** The agent-readiness documents of the built site and its pages' Markdown versions (prerendered endpoints only). */
export const agentReadiness = {
  ...buildAgentReadinessDocuments(site),
  pageMarkdown: buildPageMarkdowns(site),
};
