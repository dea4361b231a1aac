import type { ServiceUrls } from '../service/urls.ts';
import { buildServerCardUrl } from './mcp-server-card.ts';

/** The DNS-AID revision these records follow (27 May 2026). */
export const DNS_AID_DRAFT = 'draft-mozleywilliams-dnsop-dnsaid-02';

/**
 * The draft's own SvcParamKeys have no IANA numbers yet, so they are written in RFC 9460's generic
 * `keyNNNNN` form with the private-use numbers its reference implementation (dns-aid-core) uses.
 * @see RFC 9460 §2.1 and §14.3.2 (private use 65280-65534)
 */
export const DNS_AID_PARAM_KEYS = {
  /** The capability document: for an agent, its card. */
  cap: 'key65400',
  /** The agent protocols spoken, with their versions ("a2a/1"). */
  bap: 'key65402',
  /** An RFC 8615 well-known path (without `/.well-known/`): the organization's agent index. */
  wellKnown: 'key65409',
} as const;

/** One SvcParam in presentation form. @see RFC 9460 §2.1 */
export interface SvcParam {
  readonly key: string;
  readonly value: string;
}

/** One ServiceMode SVCB record a site owner publishes under `_agents`. @see RFC 9460 §2.4.3 */
export interface DnsAidRecord {
  /** Its owner name, fully qualified with the trailing dot. */
  readonly name: string;
  readonly ttl: number;
  readonly priority: number;
  /** The host that serves it, fully qualified (never an underscore label: it is the TLS name). */
  readonly target: string;
  readonly params: readonly SvcParam[];
  /** What it announces, for the zone file's comment. */
  readonly comment: string;
}

/** Seconds a resolver keeps the records: an hour, as the draft's examples use. */
const TTL_SECONDS = 3600;

/** True for a host that has DNS records of its own to publish (not an address, not localhost). */
export function isPublishableHost(host: string): boolean {
  return (
    host.includes('.') &&
    !/^[\d.]+$/.test(host) &&
    !host.includes(':') &&
    !host.startsWith('[') &&
    host !== 'localhost' &&
    !host.endsWith('.localhost')
  );
}

/**
 * Builds the DNS-AID records of a domain (by default the host of the site's origin): the organization's
 * index pointer at `_index._agents`, naming the AI Catalog that lists every agent, and one record
 * per agent protocol it serves, `_mcp._agents` and `_a2a._agents`, whose capability document is
 * the MCP server card and the A2A agent card. Each binds to the origin's host and port over HTTPS
 * (alpn h2 and http/1.1); the agent protocol goes in `bap`, not in `alpn`, which names TLS
 * application protocols.
 * @see draft-mozleywilliams-dnsop-dnsaid-02 §3.1 (known agent), §3.2 (known organization) and §4
 */
export function buildDnsAidRecords(
  urls: ServiceUrls,
  domain = new URL(urls.origin).hostname.toLowerCase(),
): {
  readonly domain: string;
  readonly records: readonly DnsAidRecord[];
} {
  const origin = new URL(urls.origin);
  const target = `${origin.hostname.toLowerCase()}.`;
  const port = origin.port || (origin.protocol === 'http:' ? '80' : '443');
  const transport: SvcParam[] = [
    { key: 'alpn', value: 'h2,http/1.1' },
    { key: 'port', value: port },
  ];
  const agent = (label: string, protocol: string, card: string, comment: string) => ({
    name: `_${label}._agents.${domain}.`,
    ttl: TTL_SECONDS,
    priority: 1,
    target,
    params: [
      ...transport,
      { key: DNS_AID_PARAM_KEYS.cap, value: card },
      { key: DNS_AID_PARAM_KEYS.bap, value: protocol },
    ],
    comment,
  });
  return {
    domain,
    records: [
      {
        name: `_index._agents.${domain}.`,
        ttl: TTL_SECONDS,
        priority: 1,
        target,
        params: [
          ...transport,
          {
            key: DNS_AID_PARAM_KEYS.wellKnown,
            value: new URL(urls.aiCatalog).pathname.replace('/.well-known/', ''),
          },
        ],
        comment: `The organization's agent index: ${urls.aiCatalog} (well-known path in ${DNS_AID_PARAM_KEYS.wellKnown})`,
      },
      agent(
        'mcp',
        'mcp/1',
        buildServerCardUrl(urls),
        `The MCP server ${urls.mcp}; its server card in ${DNS_AID_PARAM_KEYS.cap}, the protocol in ${DNS_AID_PARAM_KEYS.bap}`,
      ),
      agent(
        'a2a',
        'a2a/1',
        urls.agentCard,
        `The A2A agent ${urls.a2a}; its agent card in ${DNS_AID_PARAM_KEYS.cap}, the protocol in ${DNS_AID_PARAM_KEYS.bap}`,
      ),
    ],
  };
}

/** A SvcParam value in presentation form: quoted when it holds anything but plain characters. */
function formatParamValue(value: string): string {
  return /^[A-Za-z0-9.\-/:_]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** One record as a zone-file line. @see RFC 9460 §2.1 (presentation format) */
export function formatDnsAidRecord(record: DnsAidRecord): string {
  const params = record.params.map(({ key, value }) => `${key}=${formatParamValue(value)}`);
  return `${record.name} ${record.ttl} IN SVCB ${record.priority} ${record.target} ${params.join(' ')}`;
}

/** The records as a zone-file fragment with a comment naming the draft and each record's purpose. */
export function formatDnsAidZone(domain: string, records: readonly DnsAidRecord[]): string {
  return [
    `; DNS-AID records for ${domain} (${DNS_AID_DRAFT}, DNS for AI Discovery).`,
    '; Add them at the DNS host of the domain; sign the zone with DNSSEC where the host offers it.',
    ...records.flatMap((record) => [`; ${record.comment}`, formatDnsAidRecord(record)]),
    '',
  ].join('\n');
}
