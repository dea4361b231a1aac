import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postMcp } from '../support/mcp-requests.ts';
import {
  readAttributes,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedMetric,
  type ReceivedSpan,
} from '../support/otlp-receiver.ts';
import { findFreePort, startServer, stopProcess } from '../support/processes.ts';

/*
 * The local server of the shared build, with OTEL_EXPORTER_OTLP_ENDPOINT naming an OTLP/HTTP
 * receiver on 127.0.0.1: what it exports (the default protocol, protobuf) is decoded with the
 * official definitions and held to the semantic conventions' attribute names and ours.
 */

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CLAUDE_USER = 'Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A caller's W3C trace context: the MCP call's span must continue this trace. */
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
/** SPAN_KIND_SERVER in opentelemetry-proto's trace.proto. */
const SPAN_KIND_SERVER = 2;
/** What the span of the test's tools/call and its operation duration both name. */
const MCP_CALL_ATTRIBUTES = {
  'mcp.method.name': 'tools/call',
  'mcp.protocol.version': '2025-11-25',
  'gen_ai.tool.name': 'search_site_copy',
  'gen_ai.operation.name': 'execute_tool',
  'agent_facts.agent.name': 'Claude-User',
  'agent_facts.agent.kind': 'user-fetch',
};

let receiver: OtlpReceiver;
let server: { child: ChildProcess; output: () => string };
let url: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(inject('siteBuild').dir, {
    SITE_URL: inject('baseUrl'),
    PORT: String(port),
    HOST: '127.0.0.1',
    OAUTH_SIGNING_KEYS: '',
    OAUTH_KEYS_FILE: join(await mkdtemp(join(tmpdir(), 'otel-keys-')), 'keys.json'),
    RATE_LIMIT_MAX: '1000000000',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: 'facts-under-test',
    // Export soon after each answer, so the test waits milliseconds, not the 5 s and 60 s defaults.
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OTEL_METRIC_EXPORT_INTERVAL: '200',
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopProcess(server.child);
  await receiver?.close();
});

/** Waits (bounded) until the receiver holds what `ready` looks for. */
async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} arrived:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const findSpan = (name: string) => receiver.spans().find((span) => span.name === name);
const findMetric = (name: string): ReceivedMetric | undefined =>
  receiver.metrics().findLast((metric) => metric.name === name);

describe('OpenTelemetry export over OTLP/HTTP', () => {
  let llms: ReceivedSpan;
  let home: ReceivedSpan;
  let mcp: ReceivedSpan;
  let unknown: ReceivedSpan;

  beforeAll(async () => {
    const get = async (path: string, headers: Record<string, string>) => {
      const answer = await fetch(`${url}${path}`, { headers });
      await answer.arrayBuffer();
      return answer.status;
    };
    expect(await get('/llms.txt', { 'User-Agent': GPTBOT })).toBe(200);
    expect(await get('/', { 'User-Agent': BROWSER })).toBe(200);
    expect(await get('/api/v9/nothing', { 'User-Agent': BROWSER })).toBe(404);
    const call = await postMcp(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_site_copy', arguments: { query: 'secret pricing question' } },
      },
      {
        'MCP-Protocol-Version': '2025-11-25',
        'User-Agent': CLAUDE_USER,
        traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
      },
    );
    expect(call.status).toBe(200);
    llms = await waitFor(() => findSpan('GET /llms.txt'), 'llms.txt span');
    home = await waitFor(() => findSpan('GET /'), 'home page span');
    mcp = await waitFor(() => findSpan('POST /mcp'), 'MCP span');
    unknown = await waitFor(() => findSpan('GET /api/**'), 'not-found span');
  }, 60_000);

  it('should send a server span per request with the HTTP conventions and the agent', () => {
    expect(llms.kind).toBe(SPAN_KIND_SERVER);
    expect(llms.endTimeUnixNano).toBeGreaterThanOrEqual(llms.startTimeUnixNano);
    expect(readAttributes(llms.attributes)).toEqual({
      'http.request.method': 'GET',
      'http.route': '/llms.txt',
      'http.response.status_code': 200,
      'url.path': '/llms.txt',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'user_agent.name': 'GPTBot',
      'user_agent.synthetic.type': 'bot',
      'agent_facts.agent.name': 'GPTBot',
      'agent_facts.agent.operator': 'OpenAI',
      'agent_facts.agent.kind': 'training-crawler',
      'agent_facts.agent.verification': 'claimed',
      'agent_facts.surface': 'llms-txt',
      'agent_facts.answer.format': 'text',
      // @vercel/otel's own name for a server span's operation (the instrumentation scope's).
      'operation.name': 'agent-facts.server',
    });
  });

  it('should name no agent for a person, and route a function by its pattern', () => {
    const person = readAttributes(home.attributes);
    expect(person).toMatchObject({ 'http.route': '/', 'agent_facts.answer.format': 'html' });
    expect(Object.keys(person).filter((key) => /agent\./.test(key))).toEqual([]);
    expect(readAttributes(unknown.attributes)).toMatchObject({
      'http.route': '/api/**',
      'url.path': '/api/v9/nothing',
      'http.response.status_code': 404,
      'agent_facts.surface': 'not-found',
    });
  });

  it("should continue the caller's trace and name the MCP method and tool", () => {
    expect(mcp.traceId).toBe(TRACE_ID);
    expect(mcp.parentSpanId).toBe(PARENT_ID);
    expect(readAttributes(mcp.attributes)).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/mcp',
      ...MCP_CALL_ATTRIBUTES,
    });
  });

  it('should name the service and keep no User-Agent, query or address in what it sends', () => {
    const resource = readAttributes(receiver.resourceSpans[0]?.resource?.attributes);
    expect(resource['service.name']).toBe('facts-under-test');
    const sent = JSON.stringify([receiver.resourceSpans, receiver.resourceMetrics]);
    expect(sent).not.toMatch(/Mozilla|secret pricing|user_agent\.original|client\.address/);
    expect([...(receiver.contentTypes.get('/v1/traces') ?? [])]).toEqual([
      'application/x-protobuf',
    ]);
  });

  it('should send the request durations as the conventions name them, agents included', async () => {
    const http = await waitFor(() => {
      const metric = findMetric('http.server.request.duration');
      const points = metric?.histogram?.dataPoints ?? [];
      return points.reduce((sum, point) => sum + point.count, 0) >= 4 ? metric : undefined;
    }, 'http.server.request.duration');
    expect(http.unit).toBe('s');
    const points = (http.histogram?.dataPoints ?? []).map((point) => ({
      ...point,
      attributes: readAttributes(point.attributes),
    }));
    expect(points.map((point) => point.attributes)).toContainEqual({
      'http.request.method': 'GET',
      'http.route': '/llms.txt',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'agent_facts.surface': 'llms-txt',
      'user_agent.synthetic.type': 'bot',
      'agent_facts.agent.name': 'GPTBot',
      'agent_facts.agent.kind': 'training-crawler',
      'agent_facts.agent.verification': 'claimed',
    });
    expect(points[0]?.explicitBounds).toEqual([
      0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
    ]);
    const operation = await waitFor(
      () => findMetric('mcp.server.operation.duration'),
      'mcp.server.operation.duration',
    );
    expect(operation.unit).toBe('s');
    expect(readAttributes(operation.histogram?.dataPoints?.[0]?.attributes)).toEqual(
      MCP_CALL_ATTRIBUTES,
    );
  });
});
