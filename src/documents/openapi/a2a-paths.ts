import type { SiteContent } from '../../schemas/site-content.ts';
import {
  A2A_ERRORS,
  A2A_SEND_METHODS,
  A2A_VERSION_HEADER,
  A2A_VERSIONS,
} from '../../service/a2a-protocol.ts';
import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { A2A_LEGACY_PROTOCOL_VERSION, A2A_PROTOCOL_VERSION } from '../../service/versions.ts';
import { referSchema, type JsonObject } from './component-schemas.ts';
import { referEndpointResponse } from './error-responses.ts';
import { buildOperation, describeJsonContent, listOriginServers } from './operation.ts';

/** The question the examples send as text: the text skill (search_site_copy) answers it. */
function buildQuestion(content: SiteContent): string {
  return `What does ${content.company.alternateName} do?`;
}

/** A JSON-RPC request of the A2A endpoint, as its examples show it. */
function buildRequest(method: string, params: JsonObject): JsonObject {
  return { jsonrpc: '2.0', id: 1, method, params };
}

/**
 * The A2A endpoint (issue 28): A2A over its JSON-RPC binding, stateless, with the MCP tools as its
 * skills. POST carries one JSON-RPC request, `SendMessage` (A2A 1.0) or `message/send` (A2A 0.3);
 * the agent card at /.well-known/agent-card.json describes the skills. Described as /mcp is: the
 * JSON-RPC envelope as the body, the methods' shapes in examples and descriptions.
 * @see A2A 1.0 §9 (JSON-RPC protocol binding), §3.1.1 (Send Message) and §3.6 (versioning)
 */
export function buildA2aPaths(content: SiteContent, urls: ServiceUrls): JsonObject {
  const question = buildQuestion(content);
  const send = A2A_SEND_METHODS[A2A_PROTOCOL_VERSION];
  const legacySend = A2A_SEND_METHODS[A2A_LEGACY_PROTOCOL_VERSION];
  const errors = A2A_ERRORS;
  return {
    [SERVICE_PATHS.a2a]: {
      servers: listOriginServers(urls),
      post: buildOperation({
        operationId: 'postA2aMessage',
        usesSigningKeys: true,
        summary: 'Send a message to the A2A agent',
        description: [
          `A2A over its JSON-RPC binding, stateless: \`${send}\` (A2A ${A2A_PROTOCOL_VERSION}) or \`${legacySend}\` (A2A ${A2A_LEGACY_PROTOCOL_VERSION}) carries one message. A data part \`{"skill": "<id>", "arguments": {...}}\` runs that skill (the skills are the MCP tools, listed with their ids in the agent card, ${urls.agentCard}); a message of text only searches the site copy with it. The answer is a message from the agent with a data part (the skill's JSON result) and a text part (the same facts as text), and the skill's id in \`metadata.skill\`.`,
          '',
          `No task is kept: every message is answered at once, so \`GetTask\` and \`CancelTask\` answer ${errors.taskNotFound}, streaming and \`ListTasks\` ${errors.unsupportedOperation}, push notifications ${errors.pushNotificationNotSupported} and the extended card ${errors.extendedAgentCardNotConfigured}; the same methods by their A2A ${A2A_LEGACY_PROTOCOL_VERSION} names (\`tasks/get\`, \`message/stream\`, ...) answer the same. A token is optional.`,
        ].join('\n'),
        tag: 'A2A',
        parameters: [
          {
            name: A2A_VERSION_HEADER,
            in: 'header',
            required: false,
            description: `The A2A version of the request: ${A2A_VERSIONS.join(' or ')} (A2A 1.0 §3.6). Any other version gets the JSON-RPC error ${errors.versionNotSupported}.`,
            schema: { type: 'string', enum: [...A2A_VERSIONS] },
          },
          {
            name: A2A_VERSION_HEADER,
            in: 'query',
            required: false,
            description: `The A2A version as a request parameter, which a client may send instead of the header (A2A 1.0 §3.6.1); the header wins when both are sent.`,
            schema: { type: 'string', enum: [...A2A_VERSIONS] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: referSchema('JsonRpcRequest'),
              examples: {
                sendMessage: {
                  summary: `A2A ${A2A_PROTOCOL_VERSION}: ${send} with a question`,
                  value: buildRequest(send, {
                    message: {
                      messageId: 'message-1',
                      role: 'ROLE_USER',
                      parts: [{ text: question }],
                    },
                  }),
                },
                messageSend: {
                  summary: `A2A ${A2A_LEGACY_PROTOCOL_VERSION}: ${legacySend} with a question`,
                  value: buildRequest(legacySend, {
                    message: {
                      kind: 'message',
                      messageId: 'message-1',
                      role: 'user',
                      parts: [{ kind: 'text', text: question }],
                    },
                  }),
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: `The JSON-RPC response. \`${send}\`'s result is \`{"message": ...}\` (role \`ROLE_AGENT\`, parts \`{"data": ...}\` then \`{"text": ...}\`); \`${legacySend}\`'s result is the message itself (\`kind\` \`message\`, role \`agent\`, parts of kind \`data\` then \`text\`). An A2A error comes in \`error\`: ${errors.invalidParams} for an unknown skill or invalid arguments (its \`data\` lists the skills), ${errors.contentTypeNotSupported} for file parts or output modes other than application/json and text/plain, ${errors.methodNotFound} for a method A2A does not have, and the codes above.`,
            content: describeJsonContent('JsonRpcResponse'),
          },
        },
        errorResponses: {
          '400': {
            description: `A body that is not JSON (${errors.parseError}) or not one JSON-RPC 2.0 request (${errors.invalidRequest}), as a JSON-RPC error.`,
            content: describeJsonContent('JsonRpcResponse'),
          },
          '413': referEndpointResponse('payload_too_large'),
          '415': referEndpointResponse('unsupported_media_type'),
        },
      }),
    },
  };
}
