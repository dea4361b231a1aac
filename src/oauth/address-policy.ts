import { BlockList, isIP } from 'node:net';

/**
 * Address ranges a client metadata document is never fetched from: every range that reaches the
 * server itself, its private network, its cloud provider's metadata service or no single host.
 * IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`) are matched against the IPv4 ranges by BlockList.
 * NAT64, 6to4 and Teredo prefixes embed an IPv4 address that would need its own check, so they are
 * refused whole. @see draft-ietf-oauth-client-id-metadata-document-03 §8.6 (SSRF), RFC 6890
 */
const FORBIDDEN_RANGES: readonly (readonly [string, number, 'ipv4' | 'ipv6', string])[] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'ipv4', 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'ipv4', 'shared (CGNAT, RFC 6598)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'ipv4', 'documentation'],
  ['192.88.99.0', 24, 'ipv4', '6to4 relay'],
  ['192.168.0.0', 16, 'ipv4', 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['198.51.100.0', 24, 'ipv4', 'documentation'],
  ['203.0.113.0', 24, 'ipv4', 'documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved or broadcast'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64'],
  ['64:ff9b:1::', 48, 'ipv6', 'NAT64'],
  ['100::', 64, 'ipv6', 'discard'],
  ['2001::', 32, 'ipv6', 'Teredo'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['2002::', 16, 'ipv6', '6to4'],
  ['fc00::', 7, 'ipv6', 'unique local (private, cloud metadata)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const BLOCK_LISTS = FORBIDDEN_RANGES.map(([network, prefix, family, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, name };
});

/**
 * Names the forbidden range an IP address is in (loopback, private, link-local, CGNAT, multicast,
 * unspecified, metadata, ...), or undefined for a public unicast address. Anything that is not an
 * IP address is refused as such. @see draft-ietf-oauth-client-id-metadata-document-03 §8.6
 */
export function findForbiddenRange(address: string): string | undefined {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  return BLOCK_LISTS.find(({ list }) => list.check(address, family))?.name;
}
