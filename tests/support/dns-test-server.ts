import dns2 from 'dns2';
import type { AddressInfo } from 'node:net';
import type { DnsServer } from '../../src/audit/dns-lookup.ts';

const { Packet } = dns2;

/** An SVCB record to serve, in presentation form (`alpn` comma-separated, others as text). */
export interface ServedSvcb {
  readonly priority: number;
  readonly target: string;
  readonly params: readonly { readonly key: string; readonly value: string }[];
}

/** The SvcParamKey numbers RFC 9460 §14.3.2 assigns, for the keys these tests publish. */
const KEY_NUMBERS: Readonly<Record<string, number>> = { mandatory: 0, alpn: 1, port: 3 };

/**
 * Writes SVCB RDATA by hand (RFC 9460 §2.2): the priority, the target uncompressed, then each
 * param as key, length, value, in ascending key order as §2.2 requires.
 */
export function encodeSvcbRdata(record: ServedSvcb): Buffer {
  const labels = record.target.replace(/\.$/, '').split('.').filter(Boolean);
  const name = Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
  const params = record.params
    .map(({ key, value }) => {
      const number = KEY_NUMBERS[key] ?? Number(key.replace(/^key/, ''));
      let bytes: Buffer;
      if (key === 'alpn') {
        bytes = Buffer.concat(
          value.split(',').map((id) => Buffer.concat([Buffer.from([id.length]), Buffer.from(id)])),
        );
      } else if (key === 'port') {
        bytes = Buffer.alloc(2);
        bytes.writeUInt16BE(Number(value));
      } else {
        bytes = Buffer.from(value, 'utf8');
      }
      const head = Buffer.alloc(4);
      head.writeUInt16BE(number, 0);
      head.writeUInt16BE(bytes.length, 2);
      return { number, bytes: Buffer.concat([head, bytes]) };
    })
    .sort((a, b) => a.number - b.number)
    .map(({ bytes }) => bytes);
  const priority = Buffer.alloc(2);
  priority.writeUInt16BE(record.priority);
  return Buffer.concat([priority, name, ...params]);
}

/**
 * A DNS server on 127.0.0.1 (dns2's UDP server) answering SVCB queries from `zone` (owner names
 * without the trailing dot); a name it does not hold gets NXDOMAIN. `zone` may change between calls.
 */
export async function startDnsTestServer(
  zone: Map<string, readonly ServedSvcb[]>,
): Promise<{ readonly server: DnsServer; close(): Promise<void> }> {
  const udp = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const records = question ? zone.get(question.name.toLowerCase()) : undefined;
    if (!question || !records) {
      response.header.rcode = 3;
    } else if (question.type === 64) {
      for (const record of records) {
        response.answers.push({
          name: question.name,
          type: 64,
          class: Packet.CLASS.IN,
          ttl: 300,
          data: encodeSvcbRdata(record),
        } as unknown as dns2.Packet.Resource);
      }
    }
    void send(response);
  });
  await udp.listen(0, '127.0.0.1');
  const { port } = udp.address() as AddressInfo;
  return {
    server: { host: '127.0.0.1', port },
    close: () => new Promise((resolve) => udp.close(() => resolve())),
  };
}
