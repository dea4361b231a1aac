/**
 * OpenTelemetry export of answered requests: one server span per request and the request's
 * duration in `http.server.request.duration` (and `mcp.server.operation.duration` for an MCP
 * call), with the attributes of telemetry-attributes.ts. The SDK is set up once per process by
 * `@vercel/otel`, which sends spans to Vercel's trace drains on Vercel and over OTLP where
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) names a collector; metrics go over
 * OTLP/HTTP (protobuf) where an endpoint is named. Loaded only behind request-telemetry.ts's
 * `import()`, after an answer, so none of it is in a function's start-up code.
 * @see https://opentelemetry.io/docs/specs/otlp/#otlphttp
 * @see https://vercel.com/docs/tracing/instrumentation
 */
import {
  metrics,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Histogram,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { METRIC_HTTP_SERVER_REQUEST_DURATION } from '@opentelemetry/semantic-conventions';
import { registerOTel } from '@vercel/otel';
import { keepForProcess } from '../shared-state/process-values.ts';
import type { RecordExporter, TelemetryRecord } from './request-telemetry.ts';
import {
  buildMcpMetricAttributes,
  buildRequestMetricAttributes,
  buildSpanAttributes,
  buildSpanName,
  HTTP_DURATION_BUCKETS,
  INCUBATING,
  MCP_DURATION_BUCKETS,
} from './telemetry-attributes.ts';

/** The service's name where `OTEL_SERVICE_NAME` gives none, and the instrumentation scope's. */
export const TELEMETRY_SERVICE_NAME = 'agent-facts';

/** How often metrics are sent by default (`OTEL_METRIC_EXPORT_INTERVAL` overrides). */
const DEFAULT_METRIC_INTERVAL_MS = 60_000;

const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');

/** Reads a request's headers for the propagators (W3C `traceparent`, Vercel's own context). */
const HEADER_GETTER: TextMapGetter<TelemetryRecord> = {
  get: (record, key) => record.header(key.toLowerCase()),
  keys: () => [],
};

/** True inside a Vercel invocation, which may be frozen once its `waitUntil` work settles. */
function isInVercelInvocation(): boolean {
  const holder = (globalThis as Record<symbol, { get?: () => unknown } | undefined>)[
    REQUEST_CONTEXT
  ];
  return holder?.get?.() !== undefined;
}

/** The metric reader, where an OTLP endpoint for metrics is named. */
function readMetricReader(env: NodeJS.ProcessEnv): PeriodicExportingMetricReader | undefined {
  if (
    !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() &&
    !env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim()
  ) {
    return undefined;
  }
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  const exportIntervalMillis =
    Number.isInteger(interval) && interval > 0 ? interval : DEFAULT_METRIC_INTERVAL_MS;
  return new PeriodicExportingMetricReader({
    // Reads OTEL_EXPORTER_OTLP_(METRICS_)ENDPOINT, _HEADERS and _TIMEOUT itself.
    exporter: new OTLPMetricExporter(),
    exportIntervalMillis,
    exportTimeoutMillis: Math.min(30_000, exportIntervalMillis),
  });
}

/** Exports requests through the process's OpenTelemetry SDK. */
export class OtelExporter implements RecordExporter {
  readonly #tracer: Tracer;
  readonly #requestDuration: Histogram;
  readonly #mcpDuration: Histogram;
  readonly #reader: PeriodicExportingMetricReader | undefined;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.#reader = readMetricReader(env);
    registerOTel({
      serviceName: env.OTEL_SERVICE_NAME?.trim() || TELEMETRY_SERVICE_NAME,
      // Our spans only: no fetch instrumentation patching the process's outbound requests.
      instrumentations: [],
      ...(this.#reader ? { metricReaders: [this.#reader] } : {}),
    });
    this.#tracer = trace.getTracer(TELEMETRY_SERVICE_NAME);
    const meter = metrics.getMeter(TELEMETRY_SERVICE_NAME);
    this.#requestDuration = meter.createHistogram(METRIC_HTTP_SERVER_REQUEST_DURATION, {
      unit: 's',
      description: 'Duration of HTTP server requests.',
      advice: { explicitBucketBoundaries: HTTP_DURATION_BUCKETS },
    });
    this.#mcpDuration = meter.createHistogram(INCUBATING.METRIC_MCP_SERVER_OPERATION_DURATION, {
      unit: 's',
      description: 'MCP request duration as observed on the receiver.',
      advice: { explicitBucketBoundaries: MCP_DURATION_BUCKETS },
    });
  }

  async exportRecord(record: TelemetryRecord): Promise<void> {
    // The caller's trace (traceparent), or on Vercel the invocation's root span.
    const parent = propagation.extract(ROOT_CONTEXT, record, HEADER_GETTER);
    const span = this.#tracer.startSpan(
      buildSpanName(record),
      {
        kind: SpanKind.SERVER,
        startTime: record.startTime,
        attributes: buildSpanAttributes(record),
      },
      parent,
    );
    if (record.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(record.startTime + record.durationMs);
    const seconds = record.durationMs / 1000;
    this.#requestDuration.record(seconds, buildRequestMetricAttributes(record));
    const mcp = buildMcpMetricAttributes(record);
    if (mcp) this.#mcpDuration.record(seconds, mcp);
    // A Vercel instance may be frozen once the invocation's work is done: send now, within it
    // (Vercel's trace drains read the spans from the invocation's own context).
    if (isInVercelInvocation()) await this.forceFlush();
  }

  /** Sends every span and metric recorded so far. */
  async forceFlush(): Promise<void> {
    const provider = trace.getTracerProvider() as {
      getDelegate?: () => { forceFlush?: () => Promise<void> };
    };
    await Promise.all([provider.getDelegate?.().forceFlush?.(), this.#reader?.forceFlush()]);
  }
}

/** The process's exporter: one SDK per process, whichever function's bundle loads it first. */
export function readProcessExporter(): OtelExporter {
  return keepForProcess('agent-facts.otel-exporter', () => new OtelExporter());
}
