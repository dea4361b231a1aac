import type { SiteContent } from '../../schemas/site-content.ts';
import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { formatLlmsTxtHead } from '../markdown-text.ts';
import type { JsonObject } from './component-schemas.ts';
import {
  buildOperation,
  describeTextContent,
  listOriginServers,
  readContentKey,
} from './operation.ts';

/**
 * The plain-text resources for agents at the origin (docs/spec.md §4): llms.txt, llms-full.txt, auth.md.
 * @see https://llmstxt.org/
 */
export function buildAgentResourcePaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  const { company } = content;
  const servers = listOriginServers(urls);
  return {
    [SERVICE_PATHS.llmsTxt]: {
      servers,
      get: buildOperation({
        operationId: 'getLlmsTxt',
        summary: 'Get llms.txt',
        description: 'A concise Markdown index for agents (llmstxt.org).',
        tag: 'Agent resources',
        responses: {
          '200': {
            description: 'The index.',
            content: describeTextContent(
              readContentKey(SERVICE_PATHS.llmsTxt),
              `${formatLlmsTxtHead(company.name, content.agents.summary).join('\n')}\n`,
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.llmsFullTxt]: {
      servers,
      get: buildOperation({
        operationId: 'getLlmsFullTxt',
        summary: 'Get llms-full.txt',
        description:
          'The extended public site copy and the API reference (every operation, MCP tool, schema and error) in one Markdown text.',
        tag: 'Agent resources',
        responses: {
          '200': {
            description: 'The site copy and the API reference.',
            content: describeTextContent(
              readContentKey(SERVICE_PATHS.llmsFullTxt),
              `${formatLlmsTxtHead(company.name, content.agents.summary)[0]}\n`,
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.authMd]: {
      servers,
      get: buildOperation({
        operationId: 'getAuthMd',
        summary: 'Get auth.md',
        description: 'Registration discovery for agents: the anonymous OAuth flow, step by step.',
        tag: 'Agent resources',
        responses: {
          '200': {
            description: 'The document.',
            content: describeTextContent(readContentKey(SERVICE_PATHS.authMd), '# auth.md\n'),
          },
        },
      }),
    },
  };
}
