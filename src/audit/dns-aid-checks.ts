import {
  buildDnsAidRecords,
  DNS_AID_DRAFT,
  isPublishableHost,
  type DnsAidRecord,
} from '../documents/dns-aid-records.ts';
import { buildServiceUrls } from '../service/urls.ts';
import type { AuditCheck, CheckScope } from './audit-check.ts';
import { lookupSvcb, readSystemDnsServer, type SvcbAnswer } from './dns-lookup.ts';

/** The differences between a published record and the one `npm run dns-records` prints. */
function compareRecord(expected: DnsAidRecord, found: SvcbAnswer): string[] {
  const problems: string[] = [];
  if (found.priority === 0) problems.push('is an AliasMode record (priority 0)');
  if (found.target !== expected.target) {
    problems.push(`targets ${found.target}, not ${expected.target}`);
  }
  for (const { key, value } of expected.params) {
    const actual = found.params.get(key);
    if (key === 'alpn') {
      const ids = (actual ?? '').split(',');
      if (!ids.includes('h2') && !ids.includes('http/1.1')) {
        problems.push(`alpn is ${actual ?? 'missing'}, with neither h2 nor http/1.1`);
      }
    } else if (key === 'port' && actual === undefined && value === '443') {
      // The default port of HTTPS needs no param.
    } else if (actual !== value) {
      problems.push(`${key} is ${actual ?? 'missing'}, not ${value}`);
    }
  }
  return problems;
}

/** Checks each expected record against what the server holds, once any of them is published. */
async function checkPublishedRecords(
  scope: CheckScope,
  domain: string,
  records: readonly DnsAidRecord[],
  lookups: readonly { readonly exists: boolean; readonly records: readonly SvcbAnswer[] }[],
): Promise<void> {
  if (!lookups.some((lookup) => lookup.exists)) {
    scope.note(
      `${domain} publishes no DNS-AID record under _agents; \`npm run dns-records\` prints the ones to add`,
    );
    return;
  }
  for (const [index, record] of records.entries()) {
    const lookup = lookups[index];
    if (!lookup?.exists) {
      scope.fail(`${record.name} SVCB is not published (others under _agents.${domain} are)`);
      continue;
    }
    const problems = lookup.records.map((found) => compareRecord(record, found));
    if (problems.some((list) => list.length === 0)) {
      scope.note(`${record.name} SVCB points at ${record.target}`);
    } else {
      scope.fail(`${record.name} SVCB ${problems[0]?.join('; ')}`);
    }
  }
}

/** DNS for agent discovery (issue 28). */
export const DNS_AID_CHECKS: readonly AuditCheck[] = [
  {
    id: 'dns-aid',
    title:
      "DNS-AID: the SVCB records under _agents of the site's domain, when published, point at its agent index, MCP server and A2A agent",
    sources: [`${DNS_AID_DRAFT} §3-4`, 'RFC 9460 (SVCB)'],
    fix: 'Publish the records `npm run dns-records` prints at the DNS host of the domain (docs/owners.md, "DNS records for agent discovery"): a ServiceMode SVCB at _index._agents, _mcp._agents and _a2a._agents, each targeting the site\'s host.',
    async run(context, scope) {
      const domain = (context.dns?.domain ?? new URL(context.origin).hostname).toLowerCase();
      if (!isPublishableHost(domain)) {
        scope.note(`${domain} is not a domain name: no DNS-AID records to check`);
        return;
      }
      const { records } = buildDnsAidRecords(buildServiceUrls(context.origin), domain);
      const server = context.dns?.server ?? readSystemDnsServer();
      const lookups = await Promise.all(
        records.map((record) => lookupSvcb(server, record.name.replace(/\.$/, ''))),
      );
      await checkPublishedRecords(scope, domain, records, lookups);
    },
  },
];
