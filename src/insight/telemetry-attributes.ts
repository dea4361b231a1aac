/**
 * The attributes of an answered request's span and metrics, by the OpenTelemetry semantic
 * conventions (HTTP server, user agent, MCP and GenAI tool execution) and ours for the agent
 * (`agent_facts.*`). Only bounded values, and nothing the insight report would not keep either: no
 * address, token, query string, search query or raw User-Agent (the agent's catalogue name stands
 * for it).
 * @see https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-server
 * @see https://opentelemetry.io/docs/specs/semconv/http/http-metrics/#metric-httpserverrequestduration
 * @see https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/
 */
import type { Attributes } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import { findMatchingPattern } from '../service/route-patterns.ts';
import { BUILT_IN_ROUTES } from '../service/routes.ts';
import type { TelemetryRecord } from './request-telemetry.ts';

/*
 * The conventions still in development, copied as the package asks of runtime code ("copy
 * relevant definitions into their own code base"); tests/unit/request-telemetry.test.ts holds each
 * to `@opentelemetry/semantic-conventions/incubating`. The MCP ones now live in the GenAI
 * conventions' repository under the same names.
 */
export const INCUBATING = {
  ATTR_USER_AGENT_NAME: 'user_agent.name',
  ATTR_USER_AGENT_SYNTHETIC_TYPE: 'user_agent.synthetic.type',
  USER_AGENT_SYNTHETIC_TYPE_VALUE_BOT: 'bot',
  ATTR_MCP_METHOD_NAME: 'mcp.method.name',
  ATTR_MCP_PROTOCOL_VERSION: 'mcp.protocol.version',
  ATTR_GEN_AI_TOOL_NAME: 'gen_ai.tool.name',
  ATTR_GEN_AI_OPERATION_NAME: 'gen_ai.operation.name',
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL: 'execute_tool',
  METRIC_MCP_SERVER_OPERATION_DURATION: 'mcp.server.operation.duration',
} as const;

/** Our own attributes: the agent as the insight report names it, and what it asked. */
export const AGENT_FACTS_ATTRIBUTES = {
  agentName: 'agent_facts.agent.name',
  agentOperator: 'agent_facts.agent.operator',
  agentKind: 'agent_facts.agent.kind',
  /** `verified`, `claimed` or `failed` (docs/insight.md, "Verified or claimed"). */
  agentVerification: 'agent_facts.agent.verification',
  /** The host of the key directory that verified the agent's signature. */
  agentSigner: 'agent_facts.agent.signer',
  surface: 'agent_facts.surface',
  answerFormat: 'agent_facts.answer.format',
  /** Every MCP method of a JSON-RPC batch (mcp.method.name names one alone). */
  mcpMethods: 'agent_facts.mcp.methods',
  oauthGrantType: 'agent_facts.oauth.grant_type',
} as const;

/** The methods HTTP semantic conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'QUERY',
  'TRACE',
]);

/** An MCP protocol version as the specification writes one (a date); anything else is dropped. */
const PROTOCOL_VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** Bucket boundaries (seconds) the conventions advise for each duration histogram. */
export const HTTP_DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];
export const MCP_DURATION_BUCKETS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
];

/**
 * The route template of the record: the route table's pattern the caller matched, else the one of
 * its surface among the service's own (every function's surface is one of them); never the raw
 * path, whose values are unbounded.
 */
export function readRoute(record: TelemetryRecord): string | undefined {
  if (record.route) return record.route;
  const surface = BUILT_IN_ROUTES.surfaces.find(({ id }) => id === record.surface);
  return surface && findMatchingPattern(surface.paths, record.url.pathname);
}

/** The span's name: `{method} {route}`, as HTTP server spans are named (the method alone without). */
export function buildSpanName(record: TelemetryRecord): string {
  const method = KNOWN_METHODS.has(record.method) ? record.method : 'HTTP';
  const route = readRoute(record);
  return route ? `${method} ${route}` : method;
}

/** The HTTP and agent attributes a span and its metrics share (every value bounded). */
function buildSharedAttributes(record: TelemetryRecord): Attributes {
  const route = readRoute(record);
  const attributes: Attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: KNOWN_METHODS.has(record.method) ? record.method : '_OTHER',
    ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: record.status,
    [ATTR_URL_SCHEME]: record.url.protocol.replace(/:$/, ''),
    [AGENT_FACTS_ATTRIBUTES.surface]: record.surface,
  };
  if (record.status >= 500) attributes[ATTR_ERROR_TYPE] = String(record.status);
  const { agent } = record;
  if (agent) {
    attributes[INCUBATING.ATTR_USER_AGENT_SYNTHETIC_TYPE] =
      INCUBATING.USER_AGENT_SYNTHETIC_TYPE_VALUE_BOT;
    attributes[AGENT_FACTS_ATTRIBUTES.agentName] = agent.name;
    attributes[AGENT_FACTS_ATTRIBUTES.agentKind] = agent.kind;
    attributes[AGENT_FACTS_ATTRIBUTES.agentVerification] = record.signature.status;
  }
  return attributes;
}

/** The MCP attributes of a request that called one method (a batch names its methods apart). */
function buildMcpAttributes(record: TelemetryRecord): Attributes {
  const methods = record.notes?.mcpMethods ?? [];
  const attributes: Attributes = {};
  if (methods.length === 1) attributes[INCUBATING.ATTR_MCP_METHOD_NAME] = methods[0];
  const tool = record.notes?.mcpTool;
  if (tool) {
    attributes[INCUBATING.ATTR_GEN_AI_TOOL_NAME] = tool;
    attributes[INCUBATING.ATTR_GEN_AI_OPERATION_NAME] =
      INCUBATING.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL;
  }
  const version = record.header('mcp-protocol-version');
  if (methods.length > 0 && version && PROTOCOL_VERSION.test(version)) {
    attributes[INCUBATING.ATTR_MCP_PROTOCOL_VERSION] = version;
  }
  return attributes;
}

/** The attributes of a request's server span. */
export function buildSpanAttributes(record: TelemetryRecord): Attributes {
  const attributes: Attributes = {
    ...buildSharedAttributes(record),
    ...buildMcpAttributes(record),
    [ATTR_URL_PATH]: record.url.pathname,
    [ATTR_SERVER_ADDRESS]: record.url.hostname,
    [AGENT_FACTS_ATTRIBUTES.answerFormat]: record.format,
  };
  if (!KNOWN_METHODS.has(record.method)) {
    attributes[ATTR_HTTP_REQUEST_METHOD_ORIGINAL] = record.method.slice(0, 32);
  }
  const { agent, signature, notes } = record;
  if (agent) {
    attributes[INCUBATING.ATTR_USER_AGENT_NAME] = agent.name;
    attributes[AGENT_FACTS_ATTRIBUTES.agentOperator] = agent.operator;
    if (signature.status === 'verified' && signature.signer) {
      attributes[AGENT_FACTS_ATTRIBUTES.agentSigner] = signature.signer;
    }
  }
  const methods = notes?.mcpMethods ?? [];
  if (methods.length > 1) attributes[AGENT_FACTS_ATTRIBUTES.mcpMethods] = [...methods];
  if (notes?.grant) attributes[AGENT_FACTS_ATTRIBUTES.oauthGrantType] = notes.grant;
  return attributes;
}

/** The attributes of `http.server.request.duration`. */
export function buildRequestMetricAttributes(record: TelemetryRecord): Attributes {
  return buildSharedAttributes(record);
}

/**
 * The attributes of `mcp.server.operation.duration`, for a request that called one MCP method
 * (the request's duration is that method's); undefined for any other request.
 */
export function buildMcpMetricAttributes(record: TelemetryRecord): Attributes | undefined {
  if ((record.notes?.mcpMethods ?? []).length !== 1) return undefined;
  const attributes: Attributes = { ...buildMcpAttributes(record) };
  if (record.status >= 500) attributes[ATTR_ERROR_TYPE] = String(record.status);
  if (record.agent) {
    attributes[AGENT_FACTS_ATTRIBUTES.agentName] = record.agent.name;
    attributes[AGENT_FACTS_ATTRIBUTES.agentKind] = record.agent.kind;
  }
  return attributes;
}
