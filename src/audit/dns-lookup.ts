import { createSocket } from 'node:dgram';
import { getServers } from 'node:dns';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

/** The SVCB resource record type. @see RFC 9460 §14.1 */
export const SVCB_TYPE = 64;

/** The DNS response code of a name that does not exist. @see RFC 1035 §4.1.1 */
const NXDOMAIN = 3;

/** The presentation names of the SvcParamKeys RFC 9460 defines (others are `keyNNNNN`). */
const PARAM_NAMES: Readonly<Record<number, string>> = {
  0: 'mandatory',
  1: 'alpn',
  2: 'no-default-alpn',
  3: 'port',
  4: 'ipv4hint',
  5: 'ech',
  6: 'ipv6hint',
};

/** A DNS server to ask: an address and a port. */
export interface DnsServer {
  readonly host: string;
  readonly port: number;
}

/** One SVCB record as read from the wire. @see RFC 9460 §2.2 */
export interface SvcbAnswer {
  readonly priority: number;
  /** The target name, lower-cased, with its trailing dot (`.` for the owner itself). */
  readonly target: string;
  /** Each SvcParam in presentation form, by key name (`alpn`, `port`, `key65400`, ...). */
  readonly params: ReadonlyMap<string, string>;
}

/** What one lookup found: the records, or none (the name or the type does not exist). */
export interface SvcbLookup {
  readonly exists: boolean;
  readonly records: readonly SvcbAnswer[];
}

/** Reads `host`, `host:port` or `[v6]:port`; port 53 by default. Throws on anything else. */
export function parseDnsServer(value: string): DnsServer {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  const [host, port] = bracketed
    ? [bracketed[1] ?? '', bracketed[2]]
    : isIP(value) === 6
      ? [value, undefined]
      : (value.split(':') as [string, string | undefined]);
  const number = port === undefined ? 53 : Number(port);
  if (!isIP(host) || !Number.isInteger(number) || number < 1 || number > 65535) {
    throw new Error(`Not a DNS server address (an IP address, optionally :port): ${value}`);
  }
  return { host, port: number };
}

/** The first DNS server this machine is configured with (resolv.conf or the system's). */
export function readSystemDnsServer(): DnsServer {
  const [first] = getServers();
  if (!first) throw new Error('This machine names no DNS server');
  return parseDnsServer(first);
}

/**
 * Decodes SVCB RDATA: priority, an uncompressed target name, then key-length-value params.
 * @see RFC 9460 §2.2 and §7 (alpn, port), §14.3.2 (keyNNNNN)
 */
export function decodeSvcbRdata(data: Buffer): SvcbAnswer {
  const priority = data.readUInt16BE(0);
  let offset = 2;
  const labels: string[] = [];
  for (let length = data[offset] ?? 0; length > 0; length = data[offset] ?? 0) {
    labels.push(data.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  offset += 1;
  const params = new Map<string, string>();
  while (offset + 4 <= data.length) {
    const key = data.readUInt16BE(offset);
    const length = data.readUInt16BE(offset + 2);
    const value = data.subarray(offset + 4, offset + 4 + length);
    if (value.length !== length) throw new Error('SVCB RDATA ends inside a SvcParam');
    params.set(PARAM_NAMES[key] ?? `key${key}`, formatParam(key, value));
    offset += 4 + length;
  }
  return { priority, target: `${labels.join('.').toLowerCase()}.`.replace(/^\.$/, '.'), params };
}

/** A SvcParam value in presentation form (lists comma-separated). */
function formatParam(key: number, value: Buffer): string {
  switch (PARAM_NAMES[key]) {
    case 'alpn': {
      const ids: string[] = [];
      for (let offset = 0; offset < value.length; offset += 1 + (value[offset] ?? 0)) {
        ids.push(value.subarray(offset + 1, offset + 1 + (value[offset] ?? 0)).toString('ascii'));
      }
      return ids.join(',');
    }
    case 'port':
      return String(value.readUInt16BE(0));
    case 'mandatory': {
      const keys: string[] = [];
      for (let offset = 0; offset + 2 <= value.length; offset += 2) {
        const number = value.readUInt16BE(offset);
        keys.push(PARAM_NAMES[number] ?? `key${number}`);
      }
      return keys.join(',');
    }
    default:
      return value.toString('utf8');
  }
}

/**
 * Asks a DNS server for the SVCB records of a name over UDP, each try bounded in time; a name or
 * type that does not exist is an empty answer, a server that never answers an error.
 * @see RFC 1035 §4.2.1 and RFC 9460 §2
 */
export async function lookupSvcb(
  server: DnsServer,
  name: string,
  { timeoutMs = 2000, tries = 2 } = {},
): Promise<SvcbLookup> {
  let lastError: unknown;
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      const response = await query(server, name, timeoutMs);
      if (response.header.rcode === NXDOMAIN) return { exists: false, records: [] };
      if (response.header.rcode !== 0) {
        throw new Error(`${name}: the server answered rcode ${response.header.rcode}`);
      }
      const records = response.answers
        .filter((answer) => answer.type === SVCB_TYPE)
        .map((answer) => decodeSvcbRdata(answer.data as unknown as Buffer));
      return { exists: records.length > 0, records };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/** One query and its answer, or an error after `timeoutMs`. */
function query(server: DnsServer, name: string, timeoutMs: number): Promise<dns2.Packet> {
  const packet = new Packet();
  packet.header.id = randomInt(0x10000);
  packet.header.rd = 1;
  packet.questions.push({ name, type: SVCB_TYPE, class: Packet.CLASS.IN } as dns2.Packet.Question);
  const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
  return new Promise<dns2.Packet>((resolve, reject) => {
    let settled = false;
    // The first of answer, error and timeout settles; the socket closes once.
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      settle();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new Error(`${name}: no answer from ${server.host}:${server.port} in ${timeoutMs} ms`),
          ),
        ),
      timeoutMs,
    );
    socket.on('message', (message, from) => {
      if (from.port !== server.port) return;
      let response: dns2.Packet;
      try {
        response = Packet.parse(message);
      } catch (error) {
        return finish(() => reject(error instanceof Error ? error : new Error(String(error))));
      }
      if (response.header.id !== packet.header.id) return;
      finish(() => resolve(response));
    });
    socket.on('error', (error) => finish(() => reject(error)));
    socket.send(packet.toBuffer(), server.port, server.host);
  });
}
