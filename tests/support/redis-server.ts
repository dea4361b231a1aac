import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { findFreePort, stopProcess } from './processes.ts';

/** A real redis-server (Debian's package) on 127.0.0.1, without persistence, that a test drives. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Starts it (again, on the same port). */
  start(): Promise<void>;
  /** Stops it; the data goes with it. */
  stop(): Promise<void>;
  /** Freezes and thaws the process: connections stay open but nothing is answered. */
  pause(): void;
  resume(): void;
  /** Runs one command on a connection of its own. */
  command(...args: (string | number)[]): Promise<unknown>;
}

/** Starts redis-server on a free loopback port, with no snapshot and no append-only file. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const deadline = performance.now() + 10_000;
      for (;;) {
        try {
          if ((await redis.command('PING')) === 'PONG') return;
        } catch (error) {
          if (performance.now() > deadline) throw error;
        }
        await sleep(50);
      }
    },
    async stop() {
      if (child) await stopProcess(child, 'SIGKILL');
      child = undefined;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async command(...args) {
      const client = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
        connectTimeout: 1000,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        const [name = '', ...rest] = args;
        return await client.call(String(name), ...rest);
      } finally {
        client.disconnect();
      }
    },
  };
  await redis.start();
  return redis;
}
