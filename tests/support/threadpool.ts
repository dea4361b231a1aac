import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { lookup } from 'node:dns';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** libuv's threadpool, every thread held, as slow `dns.lookup` calls hold it. */
export interface HeldThreadpool {
  /** True while a `dns.lookup` made after the pool was held has not finished. */
  lookupWaiting(): boolean;
  /** Lets every thread go, and waits until they are back. */
  release(): Promise<void>;
}

/**
 * Holds every thread of libuv's threadpool (UV_THREADPOOL_SIZE, 4 by default) without using the
 * CPU: each runs an `open` of a named pipe for reading, which blocks until a writer opens it.
 * A writer from another process ends them all. While held, `dns.lookup` (getaddrinfo on the
 * threadpool) waits, which `lookupWaiting` shows.
 */
export async function holdThreadpool(): Promise<HeldThreadpool> {
  const dir = mkdtempSync(join(tmpdir(), 'held-pool-'));
  const fifo = join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const size = Number(process.env.UV_THREADPOOL_SIZE || 4);
  const readers: Promise<FileHandle>[] = Array.from({ length: size }, () => open(fifo, 'r'));
  let waiting = true;
  lookup('localhost', () => (waiting = false));
  return {
    lookupWaiting: () => waiting,
    async release() {
      // Another process opens the pipe for writing: every blocked reader's open returns.
      const writer = spawn('sh', ['-c', `exec 3>"$1"; sleep 0.2`, 'sh', fifo], { stdio: 'ignore' });
      const handles = await Promise.all(readers);
      await Promise.all(handles.map((handle) => handle.close()));
      await new Promise((resolve) => writer.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
