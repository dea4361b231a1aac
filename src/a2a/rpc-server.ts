import { randomUUID } from 'node:crypto';
import { JSONRPCErrorException, JSONRPCServer } from 'json-rpc-2.0';
import type * as z from 'zod/mini';
import type { FailureLog } from '../http/problem.ts';
import { describeIssues } from '../mcp/tool-methods.ts';
import type { McpSite } from '../mcp/tool-registry.ts';
import {
  A2aLegacySendParamsSchema,
  A2aSendMessageParamsSchema,
  A2aSkillCallSchema,
  type A2aSkillCall,
} from '../schemas/a2a-messages.ts';
import {
  A2A_ERRORS,
  A2A_REFUSED_METHODS,
  A2A_SEND_METHODS,
  type A2aRefusal,
} from '../service/a2a-protocol.ts';
import { A2A_LEGACY_PROTOCOL_VERSION, A2A_PROTOCOL_VERSION } from '../service/versions.ts';
import { createSkillRunner, type SkillAnswer } from './skill-calls.ts';

/** What each refusal tells the client. */
const REFUSAL_MESSAGES: Readonly<Record<A2aRefusal, string>> = {
  taskNotFound:
    'Task not found: this agent is stateless and answers every message at once with a message, so it keeps no task.',
  unsupportedOperation:
    'Unsupported operation: this agent offers no streaming and keeps no task; send the message with SendMessage (message/send in A2A 0.3).',
  pushNotificationNotSupported:
    'Push notifications are not supported (capabilities.pushNotifications is false).',
  extendedAgentCardNotConfigured:
    'No extended agent card: the public card at /.well-known/agent-card.json is the whole card.',
};

/**
 * The A2A method table on json-rpc-2.0: `SendMessage` (A2A 1.0) and `message/send` (A2A 0.3)
 * run a skill and answer with a message holding a data part and a text part; every other A2A
 * method gets its A2A error; anything else -32601.
 * @see A2A 1.0 §9 (JSON-RPC binding) and A2A 0.3 §7
 */
export function createA2aRpcServer(site: McpSite, logFailure: FailureLog): JSONRPCServer {
  const server = new JSONRPCServer({ errorListener: () => undefined });
  const runSkill = createSkillRunner(site);

  // An exception that is not a JSON-RPC error is a bug: log it once, tell the client nothing more.
  server.mapErrorToJSONRPCErrorResponse = (id, error: unknown) => {
    if (error instanceof JSONRPCErrorException) {
      return { jsonrpc: '2.0', id, error: error.toObject() };
    }
    logFailure({
      level: 'error',
      msg: 'A2A method failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return {
      jsonrpc: '2.0',
      id,
      error: { code: A2A_ERRORS.internalError, message: 'Internal error' },
    };
  };

  server.addMethod(A2A_SEND_METHODS[A2A_PROTOCOL_VERSION], async (params) => {
    const { message, configuration, metadata } = readParams(A2aSendMessageParamsSchema, params);
    const answer = await runSkill({
      call: findSkillCall(
        message.parts.map((part) => part.data),
        [message.metadata, metadata],
      ),
      text: message.parts
        .flatMap((part) => (part.text === undefined ? [] : [part.text]))
        .join('\n'),
      hasFileParts: message.parts.some((part) => part.raw !== undefined || part.url !== undefined),
      acceptedOutputModes: configuration?.acceptedOutputModes,
    });
    return { message: buildAgentMessage(answer, message.contextId) };
  });

  server.addMethod(A2A_SEND_METHODS[A2A_LEGACY_PROTOCOL_VERSION], async (params) => {
    const { message, configuration, metadata } = readParams(A2aLegacySendParamsSchema, params);
    const answer = await runSkill({
      call: findSkillCall(
        message.parts.map((part) => (part.kind === 'data' ? part.data : undefined)),
        [message.metadata, metadata],
      ),
      text: message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('\n'),
      hasFileParts: message.parts.some((part) => part.kind === 'file'),
      acceptedOutputModes: configuration?.acceptedOutputModes,
    });
    return buildLegacyAgentMessage(answer, message.contextId);
  });

  for (const [method, refusal] of Object.entries(A2A_REFUSED_METHODS)) {
    server.addMethod(method, () => {
      throw new JSONRPCErrorException(REFUSAL_MESSAGES[refusal], A2A_ERRORS[refusal]);
    });
  }
  return server;
}

/** The params of a call, validated, or -32602 naming what is wrong. */
function readParams<Schema extends z.ZodMiniType>(
  schema: Schema,
  params: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new JSONRPCErrorException(
      `Invalid params: ${describeIssues(parsed.error)}`,
      A2A_ERRORS.invalidParams,
    );
  }
  return parsed.data;
}

/**
 * The skill a message names: the first data part shaped `{"skill", "arguments"}`, else a `skill`
 * (with optional `arguments`) in the message's or the request's metadata.
 */
function findSkillCall(
  dataParts: readonly unknown[],
  metadata: readonly (Record<string, unknown> | undefined)[],
): A2aSkillCall | undefined {
  for (const candidate of [...dataParts, ...metadata]) {
    if (candidate === undefined) continue;
    const parsed = A2aSkillCallSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The answer as an A2A 1.0 message: a data part, then a text part. @see A2A 1.0 §4.1.4 */
function buildAgentMessage(answer: SkillAnswer, contextId: string | undefined) {
  return {
    messageId: randomUUID(),
    contextId: contextId || randomUUID(),
    role: 'ROLE_AGENT',
    parts: [
      { data: answer.data, mediaType: 'application/json' },
      { text: answer.text, mediaType: 'text/plain' },
    ],
    metadata: { skill: answer.skill },
  };
}

/** The answer as an A2A 0.3 message. @see A2A 0.3 §6.4 Message */
function buildLegacyAgentMessage(answer: SkillAnswer, contextId: string | undefined) {
  return {
    kind: 'message',
    messageId: randomUUID(),
    contextId: contextId || randomUUID(),
    role: 'agent',
    parts: [
      { kind: 'data', data: answer.data },
      { kind: 'text', text: answer.text },
    ],
    metadata: { skill: answer.skill },
  };
}
