// Loaded into each server of the load test (node --import, bench/load.ts): once a second it
// appends the process's memory, as Node and V8 account for it, to MEMORY_PROBE_FILE (one JSON
// object a line), so the report can say what holds the resident memory.
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const sample = () => {
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
    );
    appendFileSync(file, `${JSON.stringify({ ...usage, spaces })}\n`);
  };
  sample();
  setInterval(sample, 1000).unref();
}
