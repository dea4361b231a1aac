/**
 * Whether this process exports OpenTelemetry, and the hand-off of answered requests to the
 * exporter (otel-export.ts). This module is all that loads while OpenTelemetry is off: the SDK,
 * `@vercel/otel` and the OTLP exporter sit behind a dynamic `import()`, a chunk of their own that a
 * function loads only once a request is to be exported, after its answer. See docs/insight.md.
 * @see https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
 */
import type { RequestNotes } from '../http/request-notes.ts';
import type { AgentIdentity } from './agent-catalogue.ts';
import type { SignatureCheck } from './agent-signature.ts';

/** One answered request as the exporter reads it. */
export interface TelemetryRecord {
  readonly method: string;
  readonly url: URL;
  header(name: string): string | undefined;
  /** The route table's surface id. */
  readonly surface: string;
  /** The path pattern of the route table that matched (`/copy/*.md`), when the caller knows it. */
  readonly route?: string;
  readonly status: number;
  readonly format: 'markdown' | 'html' | 'json' | 'text' | 'other';
  /** When the request arrived (ms since the epoch) and how long its answer took (ms). */
  readonly startTime: number;
  readonly durationMs: number;
  readonly agent: AgentIdentity | null;
  readonly signature: SignatureCheck;
  readonly notes?: RequestNotes;
}

/** What exports records: made by otel-export.ts once per process. */
export interface RecordExporter {
  exportRecord(record: TelemetryRecord): Promise<void>;
}

/** The variables that name an OTLP endpoint, any of which turns export on. */
const OTLP_ENDPOINT_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  // Set by Vercel where an OpenTelemetry collector runs beside the function (@vercel/otel).
  'VERCEL_OTEL_ENDPOINTS',
] as const;

const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');

interface VercelTelemetryContext {
  readonly telemetry?: { readonly traceDrains?: readonly unknown[] };
}

/**
 * True when Vercel's request context carries trace drains: the project sends traces to an
 * observability integration, and `@vercel/otel` reports spans to it. The same test `@vercel/otel`
 * makes before it defers to the drains.
 */
function hasVercelTraceDrains(): boolean {
  const holder = (globalThis as Record<symbol, { get?: () => unknown } | undefined>)[
    REQUEST_CONTEXT
  ];
  const context = holder?.get?.() as VercelTelemetryContext | undefined;
  return (context?.telemetry?.traceDrains?.length ?? 0) > 0;
}

/** How this process decides, per request, whether to export it. */
export interface TelemetrySwitch {
  /** An OTLP endpoint is configured: every request is exported. */
  readonly configured: boolean;
  /** On Vercel: a request is exported when its context carries trace drains. */
  readonly onVercel: boolean;
}

/**
 * The switch the environment sets, or null when nothing can turn export on (no OTLP endpoint, not
 * on Vercel) or `OTEL_SDK_DISABLED=true`: then no request is even looked at.
 */
export function readTelemetrySwitch(env: NodeJS.ProcessEnv): TelemetrySwitch | null {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return null;
  const configured = OTLP_ENDPOINT_VARIABLES.some((name) => Boolean(env[name]?.trim()));
  const onVercel = Boolean(env.VERCEL);
  return configured || onVercel ? { configured, onVercel } : null;
}

/** Loads the exporter on first use; the default is the SDK chunk. */
export type ExporterLoader = () => Promise<RecordExporter>;

const loadOtelExport: ExporterLoader = async () =>
  (await import('./otel-export.ts')).readProcessExporter();

/** Exports answered requests as OpenTelemetry spans and metrics, the SDK loaded on first use. */
export class RequestTelemetry {
  readonly #switch: TelemetrySwitch;
  readonly #load: ExporterLoader;
  #exporter: Promise<RecordExporter> | undefined;

  constructor(telemetrySwitch: TelemetrySwitch, load: ExporterLoader = loadOtelExport) {
    this.#switch = telemetrySwitch;
    this.#load = load;
  }

  /** Whether the current request is exported: a property read or two per request. */
  isOn(): boolean {
    return this.#switch.configured || (this.#switch.onVercel && hasVercelTraceDrains());
  }

  /** Whether the SDK chunk was asked for (it never is while export stays off). */
  get loaded(): boolean {
    return this.#exporter !== undefined;
  }

  /** Exports one record; the first call loads the SDK. */
  async export(record: TelemetryRecord): Promise<void> {
    this.#exporter ??= this.#load();
    await (await this.#exporter).exportRecord(record);
  }
}
