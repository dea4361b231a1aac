import { describe, expect, it } from 'vitest';
import { findHeldFirstPaint, type TraceEvent } from '../../scripts/held-first-paint.ts';

const LOAD = 1_000_000;
const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, dur: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
});
const THREADS = [threadName(7, 1, 'CrRendererMain'), threadName(7, 2, 'Compositor')];

describe('findHeldFirstPaint', () => {
  it('should find a first paint held a second after load with the main thread idle', () => {
    const held = findHeldFirstPaint(
      { observedLoadTs: LOAD, observedFirstPaintTs: LOAD + 1_020_000 },
      [
        ...THREADS,
        task(7, 1, LOAD - 50_000, 60_000), // 10 ms of it inside the gap
        task(7, 1, LOAD + 400_000, 5_000),
        task(7, 2, LOAD + 100_000, 500_000), // another thread: not counted
      ],
    );
    expect(held).toEqual({ gapMs: 1020, busyMs: 15 });
  });

  it('should not match a page that paints late because its main thread is busy after load', () => {
    const timestamps = { observedLoadTs: LOAD, observedFirstPaintTs: LOAD + 1_500_000 };
    const events = [...THREADS, task(7, 1, LOAD + 100_000, 1_200_000)];
    expect(findHeldFirstPaint(timestamps, events)).toBeUndefined();
  });

  it('should not match a paint before load, a short gap or a run without timestamps', () => {
    expect(
      findHeldFirstPaint({ observedLoadTs: LOAD, observedFirstPaintTs: LOAD - 10_000 }, THREADS),
    ).toBeUndefined();
    expect(
      findHeldFirstPaint({ observedLoadTs: LOAD, observedFirstPaintTs: LOAD + 600_000 }, THREADS),
    ).toBeUndefined();
    expect(findHeldFirstPaint({ observedLoadTs: LOAD }, THREADS)).toBeUndefined();
  });
});
