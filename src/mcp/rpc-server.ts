import { JSONRPCErrorException, JSONRPCServer } from 'json-rpc-2.0';
import type { FailureLog } from '../http/problem.ts';
import { noteRequest } from '../http/request-notes.ts';
import { JSON_RPC_ERRORS, MCP_METHODS } from '../service/mcp-protocol.ts';
import { readClientName } from './client-name.ts';
import { addLifecycleMethods } from './lifecycle-methods.ts';
import type { AddMcpMethod, McpCallContext } from './method-context.ts';
import { addPromptMethods } from './prompt-methods.ts';
import { addResourceMethods } from './resource-methods.ts';
import { describeServer } from './server-description.ts';
import { addSkillMethods } from './skill-methods.ts';
import { addToolMethods } from './tool-methods.ts';
import type { McpSite } from './tool-registry.ts';
import { createVersionMiddleware } from './version-middleware.ts';

/**
 * The MCP method table on json-rpc-2.0: every method answers from precomputed documents and shapes
 * its result for the request's protocol version, so one server speaks every published revision.
 * @see MCP 2025-11-25 schema and 2026-07-28 schema, ClientRequest and ClientNotification
 */
export function createMcpRpcServer(
  site: McpSite,
  logFailure: FailureLog,
): JSONRPCServer<McpCallContext> {
  const server = new JSONRPCServer<McpCallContext>({ errorListener: () => undefined });
  const description = describeServer(site);

  // An exception that is not a JSON-RPC error is a bug: log it once, tell the client nothing more.
  server.mapErrorToJSONRPCErrorResponse = (id, error: unknown) => {
    if (error instanceof JSONRPCErrorException) {
      return { jsonrpc: '2.0', id, error: error.toObject() };
    }
    logFailure({
      level: 'error',
      msg: 'MCP method failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return {
      jsonrpc: '2.0',
      id,
      error: { code: JSON_RPC_ERRORS.internalError, message: 'Internal error' },
    };
  };
  server.applyMiddleware(createVersionMiddleware(description), (next, request, context) => {
    // For the owner's insight report: a method name only when it is one of ours.
    noteRequest({
      mcpMethod: server.hasMethod(request.method) ? request.method : '(unknown)',
      mcpClient: readClientName(request),
    });
    return next(request, context);
  });

  const addMethod: AddMcpMethod = (name, method) => server.addMethod(name, method);
  addLifecycleMethods(addMethod, description);
  addToolMethods(addMethod, site);
  addResourceMethods(addMethod, site);
  addPromptMethods(addMethod, site);
  addSkillMethods(addMethod, site);

  const missing = MCP_METHODS.filter((name) => !server.hasMethod(name));
  if (missing.length > 0) throw new Error(`MCP methods without a handler: ${missing.join(', ')}`);
  return server;
}
