/**
 * The quickstart of the reference's entry page: two calls that work as printed (the company
 * overview over REST, then an MCP tool), each linking to its page.
 * @see docs/pages.md ("The reference: a page per thing")
 */

import type { SampleRequest } from '../documents/code-samples.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { buildOperationPagePath, buildToolPagePath } from '../service/docs-pages.ts';
import { listOperationRequests, listReferenceOperations } from './api-reference.ts';
import { buildToolSampleRequest } from './docs-page-kinds.ts';

/** One step of the quickstart: what it does, the request, and the page that documents it. */
export interface QuickstartStep {
  readonly text: string;
  readonly label: string;
  readonly request: SampleRequest;
  readonly page: string;
}

/** The quickstart: the first REST read of the document, then the first MCP tool with its example. */
export function listDocsQuickstart(site: SiteDocuments): QuickstartStep[] {
  const operations = listReferenceOperations(site.openapi);
  const rest = operations.find((operation) => operation.method === 'GET');
  const restRequest = rest ? listOperationRequests(rest)[0] : undefined;
  const tool = site.mcpTools[0];
  return [
    ...(rest && restRequest
      ? [
          {
            text: `1. Read the facts over REST: ${rest.method} ${rest.path} needs no key.`,
            label: `Quickstart: ${restRequest.label}`,
            request: restRequest.request,
            page: buildOperationPagePath(rest.operationId),
          },
        ]
      : []),
    ...(tool
      ? [
          {
            text: `2. Or ask the MCP endpoint: call the tool ${tool.name} with tools/call.`,
            label: `Quickstart: call ${tool.name}`,
            request: buildToolSampleRequest(site, tool),
            page: buildToolPagePath(tool.name),
          },
        ]
      : []),
  ];
}
