import { buildAgentReadinessDocuments } from './lib/agent-readiness-documents.ts';
import { site } from './site.ts';

/** The agent-readiness documents of the built site (prerendered endpoints only). */
export const agentReadiness = buildAgentReadinessDocuments(site);
