import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNS_AID_CHECKS } from '../../src/audit/dns-aid-checks.ts';
import { decodeSvcbRdata, lookupSvcb, parseDnsServer } from '../../src/audit/dns-lookup.ts';
import { runAudit } from '../../src/audit/run-audit.ts';
import {
  buildDnsAidRecords,
  formatDnsAidZone,
  isPublishableHost,
  type DnsAidRecord,
} from '../../src/documents/dns-aid-records.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { NODE, ROOT, runCommand } from '../support/processes.ts';
import {
  encodeSvcbRdata,
  startDnsTestServer,
  type ServedSvcb,
} from '../support/dns-test-server.ts';

const origin = 'https://facts.example.com';
const urls = buildServiceUrls(origin);
const { domain, records } = buildDnsAidRecords(urls);
const zone = new Map<string, readonly ServedSvcb[]>();
let dns: Awaited<ReturnType<typeof startDnsTestServer>>;

/** Serves the records as `npm run dns-records` prints them, each changed by `change`. */
function publish(list: readonly DnsAidRecord[], change = (record: ServedSvcb) => record) {
  zone.clear();
  for (const record of list) zone.set(record.name.replace(/\.$/, ''), [change(record)]);
}

/** The audit's DNS-AID check of the origin against the local DNS server; every page fetch is a 200. */
async function auditDns(options: { dnsDomain?: string; target?: string } = {}) {
  const report = await runAudit(options.target ?? origin, {
    fetch: () => Promise.resolve(new Response('<html></html>', { status: 200 })),
    only: ['dns-aid'],
    dnsServer: dns.server,
    ...(options.dnsDomain ? { dnsDomain: options.dnsDomain } : {}),
  });
  const [check] = report.checks;
  if (!check) throw new Error('the dns-aid check did not run');
  return check;
}

beforeAll(async () => {
  dns = await startDnsTestServer(zone);
});
afterAll(async () => {
  await dns.close();
});

describe('buildDnsAidRecords', () => {
  it('should name the index, the MCP server and the A2A agent under _agents of the origin host', () => {
    expect(domain).toBe('facts.example.com');
    expect(records.map((record) => record.name)).toEqual([
      '_index._agents.facts.example.com.',
      '_mcp._agents.facts.example.com.',
      '_a2a._agents.facts.example.com.',
    ]);
    for (const record of records) {
      expect(record.target).toBe('facts.example.com.');
      expect(record.priority).toBe(1);
      expect(record.params.slice(0, 2)).toEqual([
        { key: 'alpn', value: 'h2,http/1.1' },
        { key: 'port', value: '443' },
      ]);
    }
  });

  it('should point each record at its document: the AI Catalog, the server card, the agent card', () => {
    const param = (index: number, key: string) =>
      records[index]?.params.find((entry) => entry.key === key)?.value;
    expect(param(0, 'key65409')).toBe('ai-catalog.json');
    expect(param(1, 'key65400')).toBe(`${origin}/mcp/server-card`);
    expect(param(1, 'key65402')).toBe('mcp/1');
    expect(param(2, 'key65400')).toBe(`${origin}/.well-known/agent-card.json`);
    expect(param(2, 'key65402')).toBe('a2a/1');
  });

  it('should publish under another domain when asked, still targeting the origin host', () => {
    const apex = buildDnsAidRecords(urls, 'example.com');
    expect(apex.records[2]?.name).toBe('_a2a._agents.example.com.');
    expect(apex.records[2]?.target).toBe('facts.example.com.');
  });
});

describe('formatDnsAidZone', () => {
  it('should write one zone-file line per record, each after its comment, naming the draft', () => {
    const text = formatDnsAidZone(domain, records);
    expect(text).toContain('draft-mozleywilliams-dnsop-dnsaid-02');
    expect(text).toContain(
      `_a2a._agents.facts.example.com. 3600 IN SVCB 1 facts.example.com. alpn="h2,http/1.1" port=443 key65400=${origin}/.well-known/agent-card.json key65402=a2a/1`,
    );
    expect(text.split('\n').filter((line) => line.includes(' IN SVCB '))).toHaveLength(3);
  });
});

describe('isPublishableHost', () => {
  it('should refuse addresses and localhost', () => {
    for (const host of ['127.0.0.1', '[::1]', '::1', 'localhost', 'app.localhost', 'intranet'])
      expect(isPublishableHost(host), host).toBe(false);
    expect(isPublishableHost('facts.example.com')).toBe(true);
  });
});

describe('parseDnsServer', () => {
  it('should read an address with or without a port and refuse a name', () => {
    expect(parseDnsServer('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(parseDnsServer('9.9.9.9')).toEqual({ host: '9.9.9.9', port: 53 });
    expect(parseDnsServer('[::1]:53')).toEqual({ host: '::1', port: 53 });
    expect(parseDnsServer('2001:db8::1')).toEqual({ host: '2001:db8::1', port: 53 });
    for (const bad of ['dns.example.com', '127.0.0.1:0', '127.0.0.1:99999', ''])
      expect(() => parseDnsServer(bad), bad).toThrow(/Not a DNS server address/);
  });
});

describe('decodeSvcbRdata', () => {
  it('should read the RFC 9460 Appendix D.2 example "1 foo.example.com. port=53"', () => {
    const wire = Buffer.from(
      '0001' + '03666f6f076578616d706c6503636f6d00' + '0003' + '0002' + '0035',
      'hex',
    );
    const record = decodeSvcbRdata(wire);
    expect(record.priority).toBe(1);
    expect(record.target).toBe('foo.example.com.');
    expect(Object.fromEntries(record.params)).toEqual({ port: '53' });
  });

  it('should refuse a param that runs past the end of the data', () => {
    expect(() => decodeSvcbRdata(Buffer.from('000100' + '0003' + '0004' + '0035', 'hex'))).toThrow(
      /ends inside a SvcParam/,
    );
  });
});

describe('lookupSvcb', () => {
  it('should read the records a DNS server holds and nothing for a name it does not', async () => {
    publish(records);
    const found = await lookupSvcb(dns.server, '_a2a._agents.facts.example.com');
    expect(found.exists).toBe(true);
    expect(found.records[0]?.params.get('key65400')).toBe(`${origin}/.well-known/agent-card.json`);
    expect(found.records[0]?.params.get('alpn')).toBe('h2,http/1.1');
    expect(await lookupSvcb(dns.server, '_x._agents.facts.example.com')).toEqual({
      exists: false,
      records: [],
    });
  });

  it('should fail, bounded in time, when no server answers', async () => {
    const silent = await startDnsTestServer(zone);
    const { server } = silent;
    await silent.close();
    await expect(
      lookupSvcb(server, 'a.example.com', { timeoutMs: 200, tries: 1 }),
    ).rejects.toThrow();
  });
});

describe('the dns-aid audit check', () => {
  it('should be one check of the audit', () => {
    expect(DNS_AID_CHECKS.map((check) => check.id)).toEqual(['dns-aid']);
  });

  it('should pass the records npm run dns-records prints', async () => {
    publish(records);
    const check = await auditDns();
    expect(check.status, check.failures.join('\n')).toBe('pass');
    expect(check.notes.join('\n')).toContain('_a2a._agents.facts.example.com. SVCB points at');
  });

  it('should pass with a note when nothing is published, and skip an origin that is an address', async () => {
    zone.clear();
    const none = await auditDns();
    expect(none.status).toBe('pass');
    expect(none.notes.join('\n')).toContain('npm run dns-records');
    const local = await auditDns({ target: 'http://127.0.0.1:4321' });
    expect(local.notes.join('\n')).toContain('not a domain name');
  });

  it('should fail a record that targets another host', async () => {
    publish(records, (record) => ({ ...record, target: 'elsewhere.example.net.' }));
    const check = await auditDns();
    expect(check.status).toBe('fail');
    expect(check.failures.join('\n')).toContain(
      'targets elsewhere.example.net., not facts.example.com.',
    );
  });

  it('should fail a card URL that is not this origin and a missing record', async () => {
    publish(records.slice(0, 2), (record) => ({
      ...record,
      params: record.params.map((param) =>
        param.key === 'key65400' ? { ...param, value: 'https://other.example/card' } : param,
      ),
    }));
    const check = await auditDns();
    expect(check.status).toBe('fail');
    expect(check.failures.join('\n')).toContain('key65400 is https://other.example/card');
    expect(check.failures.join('\n')).toContain(
      '_a2a._agents.facts.example.com. SVCB is not published',
    );
  });

  it('should check the records of another domain when asked', async () => {
    const apex = buildDnsAidRecords(urls, 'example.com');
    publish(apex.records);
    expect((await auditDns({ dnsDomain: 'example.com' })).status).toBe('pass');
    expect((await auditDns()).notes.join('\n')).toContain('publishes no DNS-AID record');
  });

  it('should fail when the DNS server does not answer', async () => {
    const silent = await startDnsTestServer(zone);
    await silent.close();
    const report = await runAudit(origin, {
      fetch: () => Promise.resolve(new Response('', { status: 200 })),
      only: ['dns-aid'],
      dnsServer: silent.server,
    });
    expect(report.checks[0]?.status).toBe('fail');
    expect(report.checks[0]?.failures.join('\n')).toContain('no answer from 127.0.0.1');
  });
});

describe('encodeSvcbRdata (the test server)', () => {
  it('should write what decodeSvcbRdata reads', () => {
    const [record] = records;
    if (!record) throw new Error('no record');
    const decoded = decodeSvcbRdata(encodeSvcbRdata(record));
    expect(decoded.target).toBe(record.target);
    expect(Object.fromEntries(decoded.params)).toEqual(
      Object.fromEntries(record.params.map(({ key, value }) => [key, value])),
    );
  });
});

describe('npm run dns-records', () => {
  it('should print the records of the site URL given, or of --domain', async () => {
    const printed = await runCommand(NODE, [`${ROOT}scripts/dns-records.ts`, origin]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(formatDnsAidZone(domain, records));
    const apex = await runCommand(
      NODE,
      [`${ROOT}scripts/dns-records.ts`, '--domain', 'example.com'],
      {
        SITE_URL: origin,
      },
    );
    expect(apex.stdout).toContain('_a2a._agents.example.com. 3600 IN SVCB 1 facts.example.com.');
  }, 60_000);

  it('should exit 2 with the reason for a site whose host is an address', async () => {
    const refused = await runCommand(NODE, [
      `${ROOT}scripts/dns-records.ts`,
      'http://127.0.0.1:4321',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('127.0.0.1 is not a domain name');
    expect(refused.stdout).toBe('');
  }, 60_000);
});
