import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { afterEach, describe, expect, it } from 'vitest';
import { noteRequest } from '../../src/http/request-notes.ts';
import { AgentCatalogue } from '../../src/insight/agent-catalogue.ts';
import { InsightRecorder, withInsight } from '../../src/insight/insight-recorder.ts';
import {
  readTelemetrySwitch,
  RequestTelemetry,
  type TelemetryRecord,
} from '../../src/insight/request-telemetry.ts';
import {
  buildMcpMetricAttributes,
  buildSpanAttributes,
  buildSpanName,
  INCUBATING,
} from '../../src/insight/telemetry-attributes.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';
import { makePlainRequest } from '../support/plain-requests.ts';

const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');
const globals = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete globals[REQUEST_CONTEXT];
});

/** A telemetry whose exporter keeps the records instead of loading the SDK. */
function makeTelemetry(configured: boolean, onVercel = false) {
  const records: TelemetryRecord[] = [];
  let loads = 0;
  const telemetry = new RequestTelemetry({ configured, onVercel }, async () => {
    loads += 1;
    return { exportRecord: async (record) => void records.push(record) };
  });
  return { telemetry, records, loads: () => loads };
}

describe('readTelemetrySwitch', () => {
  it('should be off with no OTLP endpoint off Vercel, and when the SDK is disabled', () => {
    expect(readTelemetrySwitch({})).toBeNull();
    expect(readTelemetrySwitch({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeNull();
    expect(
      readTelemetrySwitch({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBeNull();
  });

  it('should export everything with an endpoint, and on Vercel only where trace drains are', () => {
    for (const name of [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
      'VERCEL_OTEL_ENDPOINTS',
    ]) {
      expect(readTelemetrySwitch({ [name]: 'http://collector:4318' }), name).toEqual({
        configured: true,
        onVercel: false,
      });
    }
    expect(readTelemetrySwitch({ VERCEL: '1' })).toEqual({ configured: false, onVercel: true });
  });
});

describe('RequestTelemetry', () => {
  it('should be on for a Vercel request only while its context names trace drains', () => {
    const { telemetry } = makeTelemetry(false, true);
    expect(telemetry.isOn()).toBe(false);
    globals[REQUEST_CONTEXT] = { get: () => ({ telemetry: { traceDrains: [] } }) };
    expect(telemetry.isOn()).toBe(false);
    globals[REQUEST_CONTEXT] = { get: () => ({ telemetry: { traceDrains: [{ id: 'd' }] } }) };
    expect(telemetry.isOn()).toBe(true);
  });

  it('should never load the SDK while export is off, and load it once when on', async () => {
    const off = makeTelemetry(false, true);
    const onVercelWithoutDrains = new InsightRecorder({
      store: new MemoryStore(),
      telemetry: off.telemetry,
      catalogue: new AgentCatalogue(),
    });
    const page = withInsight(async () => ({ status: 200, headers: {} }), {
      surface: 'page-home',
      recorder: onVercelWithoutDrains,
    });
    for (let i = 0; i < 5; i += 1) await page(makePlainRequest('/'));
    await onVercelWithoutDrains.flush();
    expect(off.loads()).toBe(0);
    expect(off.telemetry.loaded).toBe(false);

    const on = makeTelemetry(true);
    // Counting off (INSIGHT=off): no store, export alone.
    const exportOnly = new InsightRecorder({
      store: null,
      telemetry: on.telemetry,
      catalogue: new AgentCatalogue(),
    });
    const mcp = withInsight(
      async () => {
        noteRequest({ mcpMethod: 'tools/call', mcpTool: 'get_overview' });
        return { status: 200, headers: { 'Content-Type': 'application/json' } };
      },
      { surface: 'mcp', recorder: exportOnly },
    );
    const before = Date.now();
    for (let i = 0; i < 3; i += 1) {
      await mcp(makePlainRequest('/mcp', { 'User-Agent': 'curl/8.5.0' }, 'POST'));
    }
    await exportOnly.flush();
    expect(on.loads()).toBe(1);
    expect(on.records).toHaveLength(3);
    const [first] = on.records;
    expect(first?.startTime).toBeGreaterThanOrEqual(before - 1);
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(first).toMatchObject({
      surface: 'mcp',
      status: 200,
      format: 'json',
      agent: { kind: 'http-client' },
      signature: { status: 'claimed' },
      notes: { mcpMethods: ['tools/call'], mcpTool: 'get_overview' },
    });
  });
});

describe('the span and metric attributes', () => {
  const record = (overrides: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
    method: 'POST',
    url: new URL('https://facts.example/api/v2/anything?secret=1'),
    header: (name) => (name === 'mcp-protocol-version' ? '"><script>' : undefined),
    surface: 'not-found',
    status: 503,
    format: 'json',
    startTime: 0,
    durationMs: 1,
    agent: null,
    signature: { status: 'claimed' },
    ...overrides,
  });

  it('should hold the copied incubating names to the semantic conventions package', () => {
    for (const [name, value] of Object.entries(INCUBATING)) {
      expect((incubating as Record<string, unknown>)[name], name).toBe(value);
    }
  });

  it('should route a function by its pattern, mark a 5xx and leave bounded values only', () => {
    const attributes = buildSpanAttributes(
      record({ method: 'BREW', notes: { mcpMethods: ['initialize', 'tools/list'] } }),
    );
    expect(buildSpanName(record())).toBe('POST /api/**');
    expect(buildSpanName(record({ method: 'BREW' }))).toBe('HTTP /api/**');
    expect(attributes).toMatchObject({
      'http.request.method': '_OTHER',
      'http.request.method_original': 'BREW',
      'http.route': '/api/**',
      'url.path': '/api/v2/anything',
      'error.type': '503',
      'agent_facts.mcp.methods': ['initialize', 'tools/list'],
    });
    // No query string, no malformed protocol version, no single method named for a batch.
    expect(JSON.stringify(attributes)).not.toMatch(/secret|script|mcp\.method\.name/);
    expect(buildMcpMetricAttributes(record({ notes: { mcpMethods: ['a', 'b'] } }))).toBeUndefined();
  });

  it('should leave http.route out of a path no surface of the service names', () => {
    const page = record({ surface: 'page-owner-page', url: new URL('https://facts.example/x') });
    expect(buildSpanName(page)).toBe('POST');
    expect(buildSpanAttributes(page)['http.route']).toBeUndefined();
    expect(buildSpanAttributes({ ...page, route: '/x' })['http.route']).toBe('/x');
  });
});
