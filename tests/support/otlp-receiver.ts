import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/*
 * An OTLP/HTTP receiver on 127.0.0.1, as a collector's `otlp` receiver answers: POST /v1/traces and
 * /v1/metrics, protobuf (the exporters' default) or JSON, each request decoded with the official
 * definitions. No collector is packaged for npm or Debian 12 (apt-cache search finds the Go SDK's
 * sources only), so the protobuf messages are read by the code protobufjs generated from
 * opentelemetry-proto for @opentelemetry/otlp-transformer 0.215 (the last release that shipped it,
 * installed as the dev dependency `otlp-proto`).
 * @see https://opentelemetry.io/docs/specs/otlp/#otlphttp-request
 */

/** One attribute value, as protobufjs's `toObject` gives it (64-bit integers as numbers). */
export interface AnyValue {
  readonly stringValue?: string;
  readonly boolValue?: boolean;
  readonly intValue?: number;
  readonly doubleValue?: number;
  readonly arrayValue?: { readonly values?: readonly AnyValue[] };
}

export interface KeyValue {
  readonly key: string;
  readonly value?: AnyValue;
}

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: number;
  readonly endTimeUnixNano: number;
  readonly attributes?: readonly KeyValue[];
  readonly status?: { readonly code?: number };
}

export interface HistogramPoint {
  readonly attributes?: readonly KeyValue[];
  readonly count: number;
  readonly sum?: number;
  readonly explicitBounds?: readonly number[];
}

export interface ReceivedMetric {
  readonly name: string;
  readonly unit?: string;
  readonly histogram?: { readonly dataPoints?: readonly HistogramPoint[] };
}

interface ResourceSpans {
  readonly resource?: { readonly attributes?: readonly KeyValue[] };
  readonly scopeSpans?: readonly { readonly spans?: readonly ReceivedSpan[] }[];
}

interface ResourceMetrics {
  readonly resource?: { readonly attributes?: readonly KeyValue[] };
  readonly scopeMetrics?: readonly { readonly metrics?: readonly ReceivedMetric[] }[];
}

interface MessageType {
  decode(bytes: Uint8Array): unknown;
  fromObject(object: unknown): unknown;
  toObject(message: unknown, options: object): unknown;
}

const { opentelemetry } = createRequire(import.meta.url)(
  'otlp-proto/build/src/generated/root.js',
) as {
  opentelemetry: {
    proto: {
      collector: {
        trace: { v1: { ExportTraceServiceRequest: MessageType } };
        metrics: { v1: { ExportMetricsServiceRequest: MessageType } };
      };
    };
  };
};
const TRACES = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
const METRICS = opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;

/** IDs as hex, 64-bit numbers as numbers, enums as numbers: the OTLP JSON encoding's shapes. */
const TO_OBJECT = { longs: Number, enums: Number, bytes: String, defaults: false };

/** Reads one request body by its content type. */
function decode(type: MessageType, body: Buffer, contentType: string): unknown {
  const message = contentType.startsWith('application/json')
    ? type.fromObject(JSON.parse(body.toString('utf8')))
    : type.decode(body);
  const object = type.toObject(message, TO_OBJECT) as object;
  return JSON.parse(JSON.stringify(object), (key, value: unknown) =>
    (key === 'traceId' || key === 'spanId' || key === 'parentSpanId') && typeof value === 'string'
      ? Buffer.from(value, 'base64').toString('hex')
      : value,
  ) as unknown;
}

export interface OtlpReceiver {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly endpoint: string;
  readonly resourceSpans: ResourceSpans[];
  readonly resourceMetrics: ResourceMetrics[];
  /** The content types of the requests received, by path. */
  readonly contentTypes: Map<string, Set<string>>;
  spans(): ReceivedSpan[];
  metrics(): ReceivedMetric[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const resourceSpans: ResourceSpans[] = [];
  const resourceMetrics: ResourceMetrics[] = [];
  const contentTypes = new Map<string, Set<string>>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const contentType = req.headers['content-type'] ?? '';
      const path = req.url ?? '';
      contentTypes.set(path, (contentTypes.get(path) ?? new Set()).add(contentType));
      try {
        if (req.method === 'POST' && path === '/v1/traces') {
          const request = decode(TRACES, Buffer.concat(chunks), contentType) as {
            resourceSpans?: ResourceSpans[];
          };
          resourceSpans.push(...(request.resourceSpans ?? []));
        } else if (req.method === 'POST' && path === '/v1/metrics') {
          const request = decode(METRICS, Buffer.concat(chunks), contentType) as {
            resourceMetrics?: ResourceMetrics[];
          };
          resourceMetrics.push(...(request.resourceMetrics ?? []));
        } else {
          res.writeHead(404).end();
          return;
        }
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
        return;
      }
      // An empty Export*ServiceResponse: full success.
      res.writeHead(200, { 'content-type': contentType || 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    resourceSpans,
    resourceMetrics,
    contentTypes,
    spans: () => resourceSpans.flatMap((r) => r.scopeSpans ?? []).flatMap((s) => s.spans ?? []),
    metrics: () =>
      resourceMetrics.flatMap((r) => r.scopeMetrics ?? []).flatMap((s) => s.metrics ?? []),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span's or point's attributes as a plain record. */
export function readAttributes(
  attributes: readonly KeyValue[] | undefined,
): Record<string, unknown> {
  const read = (value: AnyValue | undefined): unknown =>
    value?.arrayValue
      ? (value.arrayValue.values ?? []).map(read)
      : (value?.stringValue ?? value?.boolValue ?? value?.intValue ?? value?.doubleValue);
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, read(value)]));
}
