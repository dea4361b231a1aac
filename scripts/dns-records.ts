import {
  buildDnsAidRecords,
  formatDnsAidZone,
  isPublishableHost,
} from '../src/documents/dns-aid-records.ts';
import { buildServiceUrls } from '../src/service/urls.ts';
import { parseCommandLine, resolveTargetOrigin } from './command-line.ts';

const usage = `Usage: npm run dns-records -- [<site-url>] [--domain <domain>]

Prints the DNS records for agent discovery (DNS-AID, draft-mozleywilliams-dnsop-dnsaid-02) to
publish for the site: ServiceMode SVCB records at _index._agents, _mcp._agents and _a2a._agents
of <domain> (default: the host of <site-url>, which defaults to SITE_URL), each targeting the
site's host. Add them at the domain's DNS host; \`npm run audit\` checks them once published.
Exits 2 on a usage error or a site URL whose host is an address or localhost.`;

const { values, positionals } = parseCommandLine(
  {
    allowPositionals: true,
    options: { domain: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  },
  usage,
);
if (values.help || positionals.length > 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const origin = resolveTargetOrigin(positionals[0], usage);
const domain = (values.domain ?? new URL(origin).hostname).toLowerCase().replace(/\.$/, '');
for (const [what, host] of [
  ['site', new URL(origin).hostname],
  ['domain', domain],
] as const) {
  if (!isPublishableHost(host)) {
    console.error(
      `The ${what} host ${host} is not a domain name: DNS records are published for the deployed site's domain. Set SITE_URL or pass the site's URL.\n\n${usage}`,
    );
    process.exit(2);
  }
}
const { records } = buildDnsAidRecords(buildServiceUrls(origin), domain);
process.stdout.write(formatDnsAidZone(domain, records));
