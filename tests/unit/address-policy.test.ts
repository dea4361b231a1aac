import { describe, expect, it } from 'vitest';
import { findForbiddenRange } from '../../src/oauth/address-policy.ts';

describe('findForbiddenRange', () => {
  it.each([
    // An IPv4 address embedded in an IPv6 one is judged as itself.
    ['::127.0.0.1', 'loopback (IPv4 inside IPv4-compatible)'],
    ['::a9fe:a9fe', 'link-local (cloud metadata) (IPv4 inside IPv4-compatible)'],
    ['::ffff:0:127.0.0.1', 'loopback (IPv4 inside SIIT)'],
    ['::ffff:0:10.0.0.1', 'private (RFC 1918) (IPv4 inside SIIT)'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['64:ff9b::127.0.0.1', 'loopback (IPv4 inside NAT64)'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata) (IPv4 inside NAT64)'],
    ['64:ff9b:1::7f00:1', 'loopback (IPv4 inside NAT64)'],
    ['2002:7f00:1::', 'loopback (IPv4 inside 6to4)'],
    ['2002:c0a8:101::1', 'private (RFC 1918) (IPv4 inside 6to4)'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 obfuscated (XOR 0xffffffff).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback (IPv4 inside Teredo)'],
    ['2001:0:7f00:1::', 'loopback (IPv4 inside Teredo)'],
    // IPv6 outside global unicast, or special-purpose inside it.
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated (SIIT)'],
    ['64:ff9b::808:808', 'NAT64'],
    ['2002:808:808::1', '6to4'],
    ['2001:20::1', 'IETF protocol assignments'],
    ['2001:2f::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['3fff:fff::1', 'documentation'],
    ['5f00::1', 'segment routing (SRv6)'],
    ['2620:4f:8000::1', 'AS112'],
    ['1234::1', 'not global unicast'],
    ['4000::1', 'not global unicast'],
    ['e000::1', 'not global unicast'],
    ['fe80::1%eth0', 'not an IP address'],
    // IPv4 special-purpose ranges ipaddr.js knows beyond our own list.
    ['192.31.196.1', 'as112'],
    ['192.52.193.1', 'amt'],
  ])('should refuse %s as %s', (address, range) => {
    expect(findForbiddenRange(address)).toBe(range);
  });

  it('should read the IPv4 address of a local-use NAT64 prefix of /48 (RFC 6052 §2.2)', () => {
    // 64:ff9b:1:7f00:1::/48 carries 127.0.0.1 in bits 48-63 and 72-87; the /96 reading is 0.0.0.0.
    expect(findForbiddenRange('64:ff9b:1:7f00:0:100::')).toMatch(/IPv4 inside NAT64/);
  });

  it.each([
    '93.184.215.14',
    '::ffff:8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4001::1',
    '2001:4860:4860::8888',
    '3ffe:1::1',
    '3fff:1000::1',
  ])('should allow the public address %s', (address) => {
    expect(findForbiddenRange(address)).toBeUndefined();
  });
});
