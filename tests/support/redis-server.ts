import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
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
