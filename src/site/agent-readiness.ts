import { buildAgentReadinessDocuments } from '../documents/agent-readiness-documents.ts';
import { site } from './built-site.ts';

/** The agent-readiness documents of the built site (prerendered endpoints only). */
export const agentReadiness = buildAgentReadinessDocuments(site);
