import { connect as connectTcp, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { createHostResolver, type HostResolver } from '../net/host-resolver.ts';
import { encodeCommand, isErrorReply, RespReader, type RespValue } from './resp.ts';

/** Where and as whom to connect, read from a `redis://` or `rediss://` URL. */
export interface RedisEndpoint {
  readonly host: string;
  readonly port: number;
  /** `rediss://`: TLS, the host name sent for SNI and checked against the certificate. */
  readonly tls: boolean;
  readonly username: string | undefined;
  readonly password: string | undefined;
  /** The database number of the URL's path, 0 when it names none. */
  readonly db: number;
}

/** A command that got no reply: the connection failed, closed, or the reply was late. */
export interface CommandFailure {
  readonly unavailable: string;
  /** True when no reply came within the command time-out (the connection is then closed). */
  readonly timedOut: boolean;
}

/** A reply, or why there is none. */
export type CommandAnswer = RespValue | CommandFailure;

/** True when a command got no reply, or a connection could not be opened. */
export function isCommandFailure<T>(answer: T | CommandFailure): answer is CommandFailure {
  return typeof answer === 'object' && answer !== null && 'unavailable' in answer;
}

/**
 * The endpoint a Redis URL names (already checked by `readRedisUrl`).
 * @see https://www.iana.org/assignments/uri-schemes/prov/redis
 * @see https://www.iana.org/assignments/uri-schemes/prov/rediss
 */
export function readRedisEndpoint(url: string): RedisEndpoint {
  const parsed = new URL(url);
  const decode = (value: string) => (value ? decodeURIComponent(value) : undefined);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : 6379,
    tls: parsed.protocol === 'rediss:',
    username: decode(parsed.username),
    password: decode(parsed.password),
    db: Number(parsed.pathname.slice(1) || 0),
  };
}

interface Pending {
  readonly resolve: (answer: CommandAnswer) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * One connection to Redis: commands are written at once and their replies matched in order;
 * each reply has `commandMs`, and a late one closes the connection (later replies could no
 * longer be matched). Nothing is queued while it is not open, and it never reconnects by itself.
 */
export class RedisConnection {
  readonly #socket: Socket;
  readonly #commandMs: number;
  readonly #reader = new RespReader();
  readonly #pending: Pending[] = [];
  #failure: CommandFailure | undefined;

  constructor(socket: Socket, commandMs: number) {
    this.#socket = socket;
    this.#commandMs = commandMs;
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', (error) => this.#end(`connection lost: ${describeError(error)}`));
    socket.on('close', () => this.#end('connection closed by the server'));
  }

  /** False once the connection failed or was closed. */
  get open(): boolean {
    return this.#failure === undefined;
  }

  /** Why it is no longer open ('' while it is). */
  get failure(): string {
    return this.#failure?.unavailable ?? '';
  }

  /** Sends one command and gives its reply, an error reply included. */
  command(args: readonly (string | number)[]): Promise<CommandAnswer> {
    if (this.#failure) return Promise.resolve(this.#failure);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => this.#end(`no reply within ${this.#commandMs} ms`, true),
        this.#commandMs,
      );
      this.#pending.push({ resolve, timer });
      this.#socket.write(encodeCommand(args));
    });
  }

  /** Closes the connection, after the replies already on their way. */
  async close(): Promise<void> {
    if (this.#socket.closed) return;
    const closed = new Promise((resolve) => this.#socket.once('close', resolve));
    const forced = setTimeout(() => this.#socket.destroy(), this.#commandMs);
    this.#socket.end();
    await closed;
    clearTimeout(forced);
  }

  #read(chunk: Buffer): void {
    const replies = this.#reader.push(chunk);
    if ('malformed' in replies) {
      this.#end(`protocol error: ${replies.malformed}`);
      return;
    }
    for (const reply of replies) {
      const pending = this.#pending.shift();
      if (!pending) {
        this.#end('protocol error: a reply to no command');
        return;
      }
      clearTimeout(pending.timer);
      pending.resolve(reply);
    }
  }

  /** Fails every command waiting and closes the socket; the first reason is the one kept. */
  #end(reason: string, timedOut = false): void {
    this.#failure ??= { unavailable: reason, timedOut };
    for (const pending of this.#pending.splice(0)) {
      clearTimeout(pending.timer);
      pending.resolve(this.#failure);
    }
    this.#socket.destroy();
  }
}

/** Milliseconds a connection may be idle before TCP keepalive probes start. */
export const REDIS_KEEPALIVE_MS = 15_000;

/**
 * A resolver for the Redis host: the system's name servers unless `servers` names others, each
 * query given 400 ms twice, and caps of its own, so lookups of other hosts (client metadata
 * documents) can never starve a reconnection. No failure is remembered: the store already waits
 * between attempts.
 */
export function createRedisResolver(servers?: readonly string[]): HostResolver {
  return createHostResolver({
    ...(servers ? { servers } : {}),
    attemptMs: 400,
    tries: 2,
    maxPending: 2,
    maxPendingPerClient: 2,
    failureMs: 0,
    maxFailures: 0,
  });
}

/**
 * Opens a connection (TCP, or TLS with SNI for `rediss://`) within `connectMs`, the host name
 * resolved by `resolver` (never `dns.lookup`, whose threads a silent name server can hold), then
 * authenticates and selects the database within one more `commandMs`.
 * @see https://redis.io/docs/latest/commands/auth/
 * @see https://redis.io/docs/latest/commands/select/
 */
export async function openRedisConnection(
  endpoint: RedisEndpoint,
  timeouts: { readonly connectMs: number; readonly commandMs: number },
  resolver: HostResolver = createRedisResolver(),
): Promise<RedisConnection | CommandFailure> {
  const { host, port } = endpoint;
  const deadline = Date.now() + timeouts.connectMs;
  const resolved = await resolver.resolve(host, { deadline });
  if ('failure' in resolved) {
    return { unavailable: `cannot connect: ${resolved.failure}`, timedOut: resolved.timedOut };
  }
  const addresses = resolved.addresses;
  const lookup: LookupFunction = (_name, options, callback) => {
    const first = addresses[0];
    if (options.all) callback(null, [...addresses]);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), '');
  };
  const socket = endpoint.tls
    ? connectTls({ host, port, lookup, ...(isIP(host) ? {} : { servername: host }) })
    : connectTcp({ host, port, lookup });
  const connected = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('timed out'), Math.max(0, deadline - Date.now()));
    const settle = (outcome: string) => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve(outcome);
    };
    const onError = (error: Error) => settle(describeError(error));
    socket.once('error', onError);
    socket.once(endpoint.tls ? 'secureConnect' : 'connect', () => settle(''));
  });
  if (connected) {
    socket.on('error', () => undefined).destroy();
    return { unavailable: `cannot connect: ${connected}`, timedOut: connected === 'timed out' };
  }
  socket.setNoDelay(true);
  // Probes keep an idle connection's NAT and load-balancer entries alive (many drop an idle one
  // after a few minutes), and find a dead peer while nothing is waiting on it.
  socket.setKeepAlive(true, REDIS_KEEPALIVE_MS);
  const connection = new RedisConnection(socket, timeouts.commandMs);
  const setup: (string | number)[][] = [];
  if (endpoint.password !== undefined) {
    setup.push(['AUTH', ...(endpoint.username ? [endpoint.username] : []), endpoint.password]);
  }
  if (endpoint.db !== 0) setup.push(['SELECT', endpoint.db]);
  for (const answer of await Promise.all(setup.map((args) => connection.command(args)))) {
    const refused = isCommandFailure(answer)
      ? answer
      : isErrorReply(answer)
        ? { unavailable: answer.error, timedOut: false }
        : undefined;
    if (refused) {
      await connection.close();
      return { unavailable: `cannot connect: ${refused.unavailable}`, timedOut: refused.timedOut };
    }
  }
  return connection;
}

/**
 * An error's message without its stack, and without the password a URL might carry. Node gives
 * an AggregateError with no message of its own when every address of a host refused; its parts
 * are named instead.
 */
export function describeError(error: unknown): string {
  const message =
    error instanceof AggregateError && !error.message
      ? error.errors.map((part: unknown) => describeError(part)).join('; ')
      : error instanceof Error
        ? error.message
        : String(error);
  return (message || 'connection failed').replace(/\/\/[^@\s/]*@/g, '//');
}
