import { MEDIA_TYPES } from '../../service/media-types.ts';
import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { buildQuickstartInitialize, QUICKSTART_TOOLS_LIST } from '../mcp-quickstart.ts';
import { buildProblem } from '../problem.ts';
import { referSchema, type JsonObject } from './component-schemas.ts';
import { referEndpointResponse } from './error-responses.ts';
import {
  buildOperation,
  describeJsonContent,
  listOriginServers,
  readContentKey,
} from './operation.ts';

/**
 * The MCP endpoint (docs/spec.md §4): GET describes it, POST carries JSON-RPC over streamable HTTP.
 * @see https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http
 */
export function buildMcpPaths(urls: ServiceUrls): JsonObject {
  return {
    [SERVICE_PATHS.mcp]: {
      servers: listOriginServers(urls),
      get: buildOperation({
        operationId: 'getMcpEndpointMetadata',
        summary: 'Describe the MCP endpoint',
        description: 'Metadata about the MCP endpoint. Send JSON-RPC requests with POST.',
        tag: 'MCP',
        responses: {
          '200': {
            description: 'The endpoint metadata.',
            content: describeJsonContent(
              'McpEndpointMetadata',
              undefined,
              readContentKey(SERVICE_PATHS.mcp),
            ),
          },
        },
      }),
      post: buildOperation({
        operationId: 'postMcpMessage',
        usesSigningKeys: true,
        summary: 'Send a JSON-RPC message to the MCP endpoint',
        description:
          'MCP over streamable HTTP, stateless. The quickstart sends initialize, then tools/list. Every tool returns read-only marketing facts.',
        tag: 'MCP',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: referSchema('JsonRpcRequest'),
              examples: {
                initialize: {
                  summary: 'Quickstart: initialize',
                  value: buildQuickstartInitialize(),
                },
                toolsList: { summary: 'Quickstart: tools/list', value: QUICKSTART_TOOLS_LIST },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC response.',
            content: describeJsonContent('JsonRpcResponse'),
          },
          '202': { description: 'A notification was accepted; there is no body.' },
        },
        errorResponses: {
          '400': {
            description:
              'A JSON-RPC error that the transport answers with 400: parse error (-32700), invalid request or a batch the protocol version does not allow (-32600), an unsupported MCP-Protocol-Version (-32022), missing 2026-07-28 request metadata (-32602) or a header that disagrees with the body (-32020).',
            content: describeJsonContent('JsonRpcResponse'),
          },
          '401': {
            description:
              'A bearer token was sent and failed verification (expired, altered, foreign, wrong audience). No token is required: drop the header or get a new one.',
            headers: {
              'WWW-Authenticate': {
                description:
                  'Bearer error="invalid_token", error_description and resource_metadata (RFC 6750 §3, RFC 9728 §5.1).',
                schema: { type: 'string' },
              },
            },
            content: {
              [MEDIA_TYPES.problem]: {
                schema: referSchema('Problem'),
                example: buildProblem(urls.origin, {
                  status: 401,
                  title: 'Unauthorized',
                  code: 'invalid_token',
                  detail: 'The access token is invalid.',
                  instance: '/mcp',
                }),
              },
            },
          },
          '403': referEndpointResponse('forbidden_origin'),
          '404': {
            description: 'Protocol 2026-07-28 only: the method does not exist (-32601).',
            content: describeJsonContent('JsonRpcResponse'),
          },
          '413': referEndpointResponse('payload_too_large'),
          '415': referEndpointResponse('unsupported_media_type'),
        },
      }),
    },
  };
}
