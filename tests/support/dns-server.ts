import { createSocket, type Socket } from 'node:dgram';
import { isIPv4 } from 'node:net';
import {
  createHostResolver,
  type HostResolver,
  type HostResolverOptions,
} from '../../src/net/host-resolver.ts';
import { METADATA_LOOKUP_OPTIONS } from '../../src/oauth/client-metadata-fetch.ts';

/** What the test name server does with a name: answer with addresses, or never answer. */
export type DnsAnswer =
  { readonly a?: readonly string[]; readonly aaaa?: readonly string[] } | 'silent';

/** A tiny name server on 127.0.0.1 (UDP) that answers A and AAAA queries from a table. */
export interface TestDnsServer {
  /** Its address for `dns.setServers` (`127.0.0.1:<port>`). */
  readonly server: string;
  /** Queries received so far, answered or not. */
  readonly queries: string[];
  /** What a name (lower case, no trailing dot) answers; a name not set gets NXDOMAIN. */
  set(name: string, answer: DnsAnswer): void;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/**
 * Starts the name server. It reads the first question of each query (RFC 1035 §4.1.2) and
 * answers it with the table's records (TTL 60), NXDOMAIN for an unknown name, or nothing at all
 * for a name set to 'silent' (a name server that never answers, as an attacker's would).
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const table = new Map<string, DnsAnswer>();
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const question = readQuestion(query);
    if (!question) return;
    queries.push(question.name);
    const answer = table.get(question.name);
    if (answer === 'silent') return;
    const records =
      question.type === TYPE_A
        ? (answer?.a ?? [])
        : question.type === TYPE_AAAA
          ? (answer?.aaaa ?? [])
          : [];
    socket.send(
      writeAnswer(query, question.end, question.type, answer ? records : undefined),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries,
    set: (name, answer) => table.set(name, answer),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The name and type of a query's first question, and where the question ends. */
function readQuestion(query: Buffer): { name: string; type: number; end: number } | undefined {
  if (query.length < 12 || query.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  if (offset + 5 > query.length) return undefined;
  return {
    name: labels.join('.').toLowerCase(),
    type: query.readUInt16BE(offset + 1),
    end: offset + 5,
  };
}

/** The answer to a query: its id and question, then one record per address (undefined: NXDOMAIN). */
function writeAnswer(
  query: Buffer,
  questionEnd: number,
  type: number,
  addresses: readonly string[] | undefined,
): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(addresses ? 0x8180 : 0x8183, 2); // a response, recursion available; rcode 3 = NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses?.length ?? 0, 6);
  const records = (addresses ?? []).map((address) => {
    const data =
      type === TYPE_A && isIPv4(address)
        ? Buffer.from(address.split('.').map(Number))
        : writeIpv6(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}

/** The 16 bytes of an IPv6 address written with `::` or in full. */
function writeIpv6(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

/** A resolver that asks only this name server, with the deployment's limits unless told. */
export function createTestResolver(
  dns: TestDnsServer,
  options: Partial<HostResolverOptions> = {},
): HostResolver {
  return createHostResolver({ ...METADATA_LOOKUP_OPTIONS, servers: [dns.server], ...options });
}
