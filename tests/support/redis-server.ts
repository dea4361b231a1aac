import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import { RedisStore, type RedisStoreOptions } from '../../src/shared-state/redis-store.ts';
import { findFreePort, runCommand, stopProcess } from './processes.ts';

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
  /**
   * Runs one command through Debian's `redis-cli` (a client independent of the one under test):
   * strings, integers and nil as JSON gives them; throws on an error reply or no connection.
   */
  command(...args: (string | number)[]): Promise<unknown>;
}

export interface TestRedisOptions {
  /** Serve TLS only (`--tls-port`), with these PEM files; the URL is then `rediss://localhost`. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string; readonly caFile: string };
  /** More server options (`--requirepass`, `--user`, ...). */
  readonly serverArgs?: readonly string[];
  /** What redis-cli needs to be let in (`--user`, `--pass`). */
  readonly cliArgs?: readonly string[];
}

/** Starts redis-server on a free loopback port, with no snapshot and no append-only file. */
export async function startTestRedis(options: TestRedisOptions = {}): Promise<TestRedis> {
  const port = await findFreePort();
  const { tls } = options;
  const listen = tls
    ? [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        tls.certFile,
        '--tls-key-file',
        tls.keyFile,
        '--tls-ca-cert-file',
        tls.caFile,
        '--tls-auth-clients',
        'no',
      ]
    : ['--port', String(port)];
  const cli = [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    ...(tls ? ['--tls', '--cacert', tls.caFile, '--sni', 'localhost'] : []),
    ...(options.cliArgs ?? []),
    '--no-auth-warning',
    '-2',
    '--json',
  ];
  let child: ChildProcess | undefined;
  const redis: TestRedis = {
    url: tls ? `rediss://localhost:${port}` : `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        [
          ...listen,
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          ...(options.serverArgs ?? []),
        ],
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
      const run = await runCommand('redis-cli', [...cli, ...args.map(String)]);
      const output = run.stdout.replace(/\n$/, '');
      if (run.code !== 0 || run.stderr || output.startsWith('error:') || !output) {
        throw new Error(`redis-cli ${args.join(' ')}: ${output || run.stderr}`);
      }
      try {
        return JSON.parse(output);
      } catch {
        // redis-cli prints some bulk strings (CLIENT LIST, INFO) as they are, not as JSON.
        return output;
      }
    },
  };
  await redis.start();
  return redis;
}

/** One redis-server for a test file, and the stores its tests open on it. */
export interface FileRedis {
  /** The file's redis-server (started before the file's first test). */
  readonly redis: TestRedis;
  /**
   * A store on the file's redis-server, its log lines pushed to `lines`, with the store's own
   * time-outs unless `timeouts` names others; closed after the file.
   */
  openStore(lines?: unknown[], timeouts?: RedisStoreOptions['timeouts']): RedisStore;
  /** Closes a store the test opened itself (another URL, other options) after the file. */
  closeAfterFile(store: RedisStore): RedisStore;
}

/** Starts a redis-server before the calling file's tests and stops it, and its stores, after them. */
export function useTestRedis(): FileRedis {
  let redis: TestRedis | undefined;
  const stores: RedisStore[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });
  const started = (): TestRedis => {
    if (!redis)
      throw new Error('the test redis-server starts before the first test, not at import');
    return redis;
  };
  const closeAfterFile = (store: RedisStore): RedisStore => {
    stores.push(store);
    return store;
  };
  return {
    get redis() {
      return started();
    },
    openStore: (lines = [], timeouts = {}) =>
      closeAfterFile(new RedisStore(started().url, { log: (line) => lines.push(line), timeouts })),
    closeAfterFile,
  };
}
