import ipaddr from 'ipaddr.js';
import { BlockList, isIP } from 'node:net';

type Range = readonly [network: string, prefix: number, name: string];

/**
 * IPv4 ranges a client metadata document is never fetched from: every range that reaches the
 * server itself, its private network, its cloud provider's metadata service or no single host.
 * ipaddr.js classifies every address as well; this list names the ranges in our own words and
 * holds them should the library's table ever shrink.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §8.6 (SSRF), RFC 6890, IANA IPv4
 *   Special-Purpose Address Registry
 */
const FORBIDDEN_IPV4: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'shared (CGNAT, RFC 6598)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

/**
 * IPv6 ranges refused by name. Only global unicast (`2000::/3`) is fetched at all; these are the
 * special-purpose ranges inside it, and the well-known ones outside it so a refusal says what the
 * address was. @see RFC 4291 §2.4, IANA IPv6 Special-Purpose Address Registry, RFC 9602, RFC 9637
 */
const FORBIDDEN_IPV6: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated (SIIT)'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 32, 'Teredo'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['2620:4f:8000::', 48, 'AS112'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing (SRv6)'],
  ['fc00::', 7, 'unique local (private, cloud metadata)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function buildBlockLists(ranges: readonly Range[], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, name]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, name };
  });
}

const IPV4_LISTS = buildBlockLists(FORBIDDEN_IPV4, 'ipv4');
const IPV6_LISTS = buildBlockLists(FORBIDDEN_IPV6, 'ipv6');

/** The one IPv6 range a fetch may reach: global unicast. @see RFC 4291 §2.4 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** Reads the 32 bits at `bit` (a multiple of 8) of a 16-byte address as an IPv4 address. */
function readIpv4At(bytes: readonly number[], bit: number): string {
  return bytes.slice(bit / 8, bit / 8 + 4).join('.');
}

/**
 * Reads the IPv4 address RFC 6052 §2.2 places after a NAT64 prefix of the given length: the bits
 * 64 to 71 (the "u" octet) are skipped.
 */
function readRfc6052Ipv4(bytes: readonly number[], prefixLength: 32 | 40 | 48 | 56 | 64 | 96) {
  if (prefixLength === 96) return readIpv4At(bytes, 96);
  const octets = [...bytes.slice(prefixLength / 8, 8), ...bytes.slice(9)].slice(0, 4);
  return octets.join('.');
}

/**
 * Lists the IPv4 addresses an IPv6 address carries, with the form that carries them: IPv4-mapped
 * and -compatible, SIIT, 6to4 (RFC 3056 §2), NAT64 (RFC 6052, RFC 8215) and Teredo (RFC 4380 §4,
 * server and obfuscated client). A host reached through any of them is the IPv4 host.
 */
function listEmbeddedIpv4(bytes: readonly number[]): { ipv4: string; form: string }[] {
  const startsWith = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const zeros = (count: number) => new Array<number>(count).fill(0);
  const found: { ipv4: string; form: string }[] = [];
  if (startsWith(...zeros(10), 0xff, 0xff)) found.push({ ipv4: readIpv4At(bytes, 96), form: '' });
  if (startsWith(...zeros(12)))
    found.push({ ipv4: readIpv4At(bytes, 96), form: 'IPv4-compatible' });
  if (startsWith(...zeros(8), 0xff, 0xff, 0, 0)) {
    found.push({ ipv4: readIpv4At(bytes, 96), form: 'SIIT' });
  }
  if (startsWith(0x20, 0x02)) found.push({ ipv4: readIpv4At(bytes, 16), form: '6to4' });
  if (startsWith(0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0)) {
    found.push({ ipv4: readIpv4At(bytes, 96), form: 'NAT64' });
  }
  if (startsWith(0, 0x64, 0xff, 0x9b, 0, 1)) {
    for (const length of [96, 64, 56, 48] as const) {
      found.push({ ipv4: readRfc6052Ipv4(bytes, length), form: 'NAT64' });
    }
  }
  if (startsWith(0x20, 0x01, 0, 0)) {
    found.push({ ipv4: readIpv4At(bytes, 32), form: 'Teredo' });
    const client = bytes.slice(12).map((byte) => byte ^ 0xff);
    found.push({ ipv4: client.join('.'), form: 'Teredo' });
  }
  return found;
}

function findForbiddenIpv4(address: string): string | undefined {
  const named = IPV4_LISTS.find(({ list }) => list.check(address, 'ipv4'))?.name;
  if (named !== undefined) return named;
  const range = ipaddr.IPv4.parse(address).range();
  return range === 'unicast' ? undefined : range;
}

/**
 * Writes an IPv6 address in the WHATWG URL serialization (hexadecimal groups only). ipaddr.js
 * 2.5.0 reads a dotted IPv4 tail after `::` as IPv4-mapped (`::127.0.0.1` as `::ffff:7f00:1`),
 * so no dotted form reaches it.
 */
function serializeIpv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

function findForbiddenIpv6(input: string): string | undefined {
  const address = serializeIpv6(input);
  if (address === '::' || address === '::1') {
    return IPV6_LISTS.find(({ list }) => list.check(address, 'ipv6'))?.name;
  }
  const parsed = ipaddr.IPv6.parse(address);
  for (const { ipv4, form } of listEmbeddedIpv4(parsed.toByteArray())) {
    const range = findForbiddenIpv4(ipv4);
    if (form === '') return range; // IPv4-mapped: the connection is made over IPv4 to that host
    if (range !== undefined) return `${range} (IPv4 inside ${form})`;
  }
  const named = IPV6_LISTS.find(({ list }) => list.check(address, 'ipv6'))?.name;
  if (named !== undefined) return named;
  if (!GLOBAL_UNICAST.check(address, 'ipv6')) return 'not global unicast';
  const range = parsed.range();
  return range === 'unicast' ? undefined : range;
}

/**
 * Names the forbidden range an IP address is in (loopback, private, link-local, CGNAT, multicast,
 * unspecified, metadata, ...), or undefined for a public unicast address: an IPv4 address outside
 * the special-purpose ranges, or an IPv6 global unicast one (`2000::/3`) outside them. An IPv4
 * address embedded in an IPv6 one is judged as itself. Anything that is not an IP address is
 * refused as such. @see draft-ietf-oauth-client-id-metadata-document-03 §8.6, RFC 6890
 */
export function findForbiddenRange(address: string): string | undefined {
  const version = isIP(address);
  if (version === 0 || address.includes('%')) return 'not an IP address';
  return version === 4 ? findForbiddenIpv4(address) : findForbiddenIpv6(address);
}
