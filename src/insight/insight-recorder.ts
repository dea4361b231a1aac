/**
 * Counts requests for the owner's insight report, after they are answered: the agent the
 * User-Agent names (agent-catalogue.ts), its signature checked (agent-signature.ts), what it
 * asked (the surface, the answer's format, the handler's notes), added to the day's tallies in
 * the shared store (insight-tallies.ts), and, where OpenTelemetry export is on, exported as a
 * span and metrics (request-telemetry.ts). On Vercel the work runs under `waitUntil`, so the
 * answer never waits for it. `INSIGHT=off` turns counting off. See docs/insight.md.
 */
import { continueAfterAnswer } from '../http/after-answer.ts';
import { rememberLatest } from '../http/memoize.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import type { FailureLog } from '../http/problem.ts';
import { readMediaType } from '../http/request-body.ts';
import { createRequestNotes, runWithNotes, type RequestNotes } from '../http/request-notes.ts';
import { MemoryStore } from '../shared-state/memory-store.ts';
import { readProcessStore } from '../shared-state/process-store.ts';
import { keepForProcess } from '../shared-state/process-values.ts';
import type { SharedStore } from '../shared-state/shared-store.ts';
import type { AgentCatalogue, AgentIdentity } from './agent-catalogue.ts';
import type { SignatureCheck, SignatureChecker, SignedRequest } from './agent-signature.ts';
import { readDay, tallyVisit, type Visit } from './insight-tallies.ts';
import { readTelemetrySwitch, RequestTelemetry } from './request-telemetry.ts';

/** What was answered, as far as the report cares. */
export interface AnsweredRequest extends SignedRequest {
  /** The route table's surface id. */
  readonly surface: string;
  readonly status: number;
  /** The answer's Content-Type, if any. */
  readonly contentType: string | undefined;
  readonly notes?: RequestNotes;
  /** When the request arrived (ms since the epoch) and how long its answer took (ms). */
  readonly startTime?: number;
  readonly durationMs?: number;
  /** The route table's path pattern that matched, for the span's `http.route`. */
  readonly route?: string;
}

export interface InsightRecorderOptions {
  /** Where the daily tallies go; null when counting is off but requests are still exported. */
  readonly store: SharedStore | null;
  /** OpenTelemetry export of each request; null or absent for none. */
  readonly telemetry?: RequestTelemetry | null;
  /** By default the package's list, loaded with the first count (after the first answer). */
  readonly catalogue?: AgentCatalogue;
  /** By default one made on the first signed request (its code is loaded then). */
  readonly checker?: SignatureChecker;
  readonly now?: () => number;
  readonly log?: FailureLog;
}

/**
 * Counts in flight at most: past it (a store that stopped answering under a flood) a request is
 * not counted rather than held in memory.
 */
export const MAX_PENDING_COUNTS = 10_000;

/**
 * The format of an answer, from its media type; the latest kept, as most answers of a function
 * share one.
 */
export const readAnswerFormat = rememberLatest(readFormatOf);

function readFormatOf(contentType: string | undefined): Visit['format'] {
  const type = readMediaType(contentType) ?? '';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/html') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}

/** The signature status of a request that carries no signature. */
const CLAIMED: SignatureCheck = { status: 'claimed' };

/** Whether a request carries a Web Bot Auth signature to check. */
function isSigned(request: SignedRequest): boolean {
  return (
    request.header('signature') !== undefined || request.header('signature-input') !== undefined
  );
}

/** Records answered requests into the daily tallies; never throws and never delays an answer. */
export class InsightRecorder {
  readonly store: SharedStore | null;
  readonly telemetry: RequestTelemetry | null;
  #catalogue: Promise<AgentCatalogue> | undefined;
  /** The catalogue once loaded: from then on an unsigned request is counted at once. */
  #loadedCatalogue: AgentCatalogue | undefined;
  #checker: Promise<SignatureChecker> | undefined;
  readonly #now: () => number;
  readonly #log: FailureLog | undefined;
  readonly #pending = new Set<Promise<unknown>>();
  /** The current UTC day and the times it starts and ends, so a day is formatted once. */
  #day = { value: '', start: 0, end: 0 };

  constructor(options: InsightRecorderOptions) {
    this.store = options.store;
    this.telemetry = options.telemetry ?? null;
    this.#loadedCatalogue = options.catalogue;
    this.#catalogue = options.catalogue && Promise.resolve(options.catalogue);
    this.#checker = options.checker && Promise.resolve(options.checker);
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
  }

  /**
   * Counts one answered request. An unsigned request, once the agent list is loaded and with no
   * OpenTelemetry export, is counted at once (in memory, no promise at all); otherwise in the
   * background: the promise is handed to the platform (`waitUntil`) and kept until it settles, so
   * `flush` can wait for it, and returned, for a caller that keeps the instance alive itself (the
   * middleware). Undefined when counted at once or not counted.
   */
  record(request: AnsweredRequest): Promise<unknown> | undefined {
    // Preflights and the report's own requests are no reading of the site.
    if (request.method === 'OPTIONS' || request.surface === 'insight') return undefined;
    const exported = this.telemetry?.isOn() ?? false;
    if (!this.store && !exported) return undefined;
    if (this.#pending.size >= MAX_PENDING_COUNTS) return undefined;
    const day = this.#readDay();
    const catalogue = this.#loadedCatalogue;
    if (!catalogue || exported || !this.store || isSigned(request)) {
      return this.#keepUntilSettled(this.#count(request, day, exported));
    }
    try {
      const visit = readVisit(
        request,
        day,
        catalogue.classify(request.header('user-agent')),
        CLAIMED,
      );
      const written = tallyVisit(this.store, visit);
      // The store logs its own unavailability once per episode; nothing to add here.
      if (written instanceof Promise) return this.#keepUntilSettled(written.catch(this.#failed));
    } catch (error) {
      this.#failed(error);
    }
    return undefined;
  }

  /** How many counts are in flight. */
  get pendingCounts(): number {
    return this.#pending.size;
  }

  /** Waits for every count started so far (the report reads after them). */
  async flush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  #keepUntilSettled(counted: Promise<unknown>): Promise<unknown> {
    this.#pending.add(counted);
    void counted.finally(() => this.#pending.delete(counted));
    continueAfterAnswer(counted);
    return counted;
  }

  /** A bug in counting or export must never reach a client: it is logged and the count dropped. */
  readonly #failed = (error: unknown): void => {
    this.#log?.({ level: 'error', msg: 'insight count failed', error: String(error) });
  };

  /** The UTC day of now, formatted again only when the day changes. */
  #readDay(): string {
    const now = this.#now();
    const day = this.#day;
    if (now >= day.start && now < day.end) return day.value;
    const start = now - (now % DAY_MS);
    this.#day = { value: readDay(now), start, end: start + DAY_MS };
    return this.#day.value;
  }

  /**
   * The request's signature status; the verifier (web-bot-auth, the guarded fetch) is loaded only
   * when a request carries a signature, so unsigned traffic costs nothing of it.
   */
  async #checkSignature(request: SignedRequest): Promise<SignatureCheck> {
    if (!isSigned(request)) return CLAIMED;
    this.#checker ??= import('./agent-signature.ts').then(
      ({ SignatureChecker }) => new SignatureChecker(),
    );
    return (await this.#checker).check(request);
  }

  async #count(request: AnsweredRequest, day: string, exported: boolean): Promise<void> {
    try {
      // Loaded after the first answer, so a cold start does not wait for the agent list.
      this.#catalogue ??= import('./agent-catalogue.ts').then(({ AgentCatalogue }) => {
        this.#loadedCatalogue = new AgentCatalogue();
        return this.#loadedCatalogue;
      });
      const agent = (await this.#catalogue).classify(request.header('user-agent'));
      const signature = await this.#checkSignature(request);
      const notes = request.notes;
      await Promise.all([
        this.store && tallyVisit(this.store, readVisit(request, day, agent, signature)),
        exported &&
          this.telemetry?.export({
            ...request,
            header: (name) => request.header(name),
            format: readAnswerFormat(request.contentType),
            startTime: request.startTime ?? this.#now(),
            durationMs: request.durationMs ?? 0,
            agent,
            signature,
            ...(notes ? { notes } : {}),
          }),
      ]);
    } catch (error) {
      this.#failed(error);
    }
  }
}

/** Milliseconds of a UTC day (no leap seconds in JavaScript's time). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the report counts of one answered request. */
function readVisit(
  request: AnsweredRequest,
  day: string,
  agent: AgentIdentity | null,
  signature: SignatureCheck,
): Visit {
  const { notes } = request;
  return {
    day,
    agent,
    signature,
    surface: request.surface,
    format: readAnswerFormat(request.contentType),
    mcpMethods: notes?.mcpMethods ?? [],
    mcpClient: notes?.mcpClient || undefined,
    mcpTool: notes?.mcpTool || undefined,
    query: notes?.query || undefined,
    grant: notes?.grant || undefined,
  };
}

/**
 * The process's recorder, shared by every function it runs: the shared store when `REDIS_URL`
 * names one, else a memory store of this process (none when `INSIGHT=off`), and OpenTelemetry
 * export where the environment turns it on; null when neither is on.
 */
export function readProcessInsight(log: FailureLog): InsightRecorder | null {
  return keepForProcess('agent-facts.process-insight', () => {
    const telemetrySwitch = readTelemetrySwitch(process.env);
    const telemetry = telemetrySwitch && new RequestTelemetry(telemetrySwitch);
    const counting = (process.env.INSIGHT ?? '').trim().toLowerCase() !== 'off';
    if (!counting && !telemetry) return null;
    const store = counting
      ? (readProcessStore(log) ??
        keepForProcess('agent-facts.insight-memory-store', () => new MemoryStore()))
      : null;
    return new InsightRecorder({ store, telemetry, log });
  });
}

/** The Content-Type of an answer, whatever the case of its header name. */
function readContentType(answer: PlainAnswer): string | undefined {
  const { headers } = answer;
  const usual = headers['Content-Type'];
  if (usual !== undefined) return usual;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-type') return headers[name];
  }
  return undefined;
}

/**
 * A function's handler, counted for the insight report: the handler runs with request notes
 * (MCP method and tool, search query, OAuth grant) and its answer is counted after it is given.
 * With no recorder (counting off), the handler itself.
 */
export function withInsight(
  handler: PlainHandler,
  options: { readonly surface: string; readonly recorder: InsightRecorder | null },
): PlainHandler {
  const { recorder, surface } = options;
  if (!recorder) return handler;
  return async (request: PlainRequest) => {
    const started = performance.now();
    const notes = createRequestNotes();
    const result = await runWithNotes(notes, handler, request);
    recorder.record({
      method: request.method,
      url: request.url,
      header: (name) => request.header(name),
      surface,
      status: result.status,
      contentType: readContentType(result),
      notes,
      startTime: performance.timeOrigin + started,
      durationMs: performance.now() - started,
    });
    return result;
  };
}
