/**
 * Recognises a Lighthouse run whose first paint Chromium held back after the page had loaded.
 *
 * In headless Chromium, viz sometimes stops offering BeginFrames to a page's frame sink while it
 * loads (`ThrottleUnresponsiveClient`), so the first contentful commit waits for the next allowed
 * BeginFrame, one or two whole seconds later, while the page has long finished and its main
 * thread is idle. Lighthouse's speed index takes 1.4 times the observed one, so such a run costs a
 * fast page 1 to 2 points of mobile performance. It is reported upstream as
 * GoogleChrome/lighthouse#17148 and #17230 (PageSpeed Insights shows it too), and it comes at
 * random: on this project's pages about one mobile run in six (never a desktop one), the same page
 * scoring 100 on the next. Chromium's paint holding is what holds it: with
 * `--disable-features=PaintHolding` no run was held (docs/pages.md, "A first paint held back by
 * Chromium").
 *
 * The signature: the observed first paint comes at least `minGapMs` after the load event, and the
 * page's renderer main threads ran less than `maxBusyMs` of tasks in between. A page that is
 * genuinely late to paint (a script that builds the page after load, a long task) has work in
 * that gap, or paints before load, and is not matched.
 */

/** The part of Lighthouse's `metrics` audit item this reads (timestamps in microseconds). */
export interface ObservedTimestamps {
  readonly observedLoadTs?: number | undefined;
  readonly observedFirstPaintTs?: number | undefined;
}

/** The part of a Chrome trace event this reads. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number | undefined;
  readonly args?: { readonly name?: string } | undefined;
}

export interface HeldFirstPaint {
  /** From the load event to the first paint. */
  readonly gapMs: number;
  /** Top-level task time on the renderer main threads within that gap. */
  readonly busyMs: number;
}

export const HELD_PAINT_LIMITS = { minGapMs: 900, maxBusyMs: 50 } as const;

/** The held first paint of a run, or undefined when the run does not show the signature. */
export function findHeldFirstPaint(
  timestamps: ObservedTimestamps,
  traceEvents: readonly TraceEvent[],
  limits: { readonly minGapMs: number; readonly maxBusyMs: number } = HELD_PAINT_LIMITS,
): HeldFirstPaint | undefined {
  const { observedLoadTs: load, observedFirstPaintTs: paint } = timestamps;
  if (load === undefined || paint === undefined) return undefined;
  const gapMs = (paint - load) / 1000;
  if (gapMs < limits.minGapMs) return undefined;
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let busyUs = 0;
  for (const event of traceEvents) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || !event.dur) continue;
    if (!mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    const start = Math.max(event.ts, load);
    const end = Math.min(event.ts + event.dur, paint);
    if (end > start) busyUs += end - start;
  }
  const busyMs = busyUs / 1000;
  return busyMs < limits.maxBusyMs ? { gapMs, busyMs } : undefined;
}
