import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseDnsServer, type DnsServer } from '../src/audit/dns-lookup.ts';
import { formatAuditReport, runAudit } from '../src/audit/run-audit.ts';
import { resolveSiteUrl } from '../src/service/site-url.ts';

const usage = `Usage: npm run audit -- [<base-url>] [--json <file>] [--only <check-id>,...]
       [--dns-server <ip[:port]>] [--dns-domain <domain>]

Audits a deployment of this project for agent readiness: docs/spec.md's surfaces and the checks
public scanners run. <base-url> defaults to the local server (SITE_URL, or http://HOST:PORT).
Exits 1 when a check fails, 2 on a usage error. A deploy preview behind Vercel Deployment
Protection: set VERCEL_AUTOMATION_BYPASS_SECRET to the project's Protection Bypass for
Automation secret, sent as the x-vercel-protection-bypass header. The DNS-AID check reads the
records under _agents of --dns-domain (default: the host of <base-url>) from --dns-server
(default: this machine's first DNS server).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'string' },
    only: { type: 'string' },
    'dns-server': { type: 'string' },
    'dns-domain': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length > 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const target = positionals[0] ?? resolveSiteUrl(process.env);
let origin: string;
try {
  origin = new URL(target).origin;
} catch {
  console.error(`Not a URL: ${target}\n\n${usage}`);
  process.exit(2);
}
let dnsServer: DnsServer | undefined;
try {
  dnsServer = values['dns-server'] ? parseDnsServer(values['dns-server']) : undefined;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
const report = await runAudit(origin, {
  dnsServer,
  dnsDomain: values['dns-domain'],
  ...(values.only ? { only: values.only.split(',') } : {}),
  bypassSecret: process.env.VERCEL_AUTOMATION_BYPASS_SECRET,
});
process.stdout.write(formatAuditReport(report));
if (values.json) {
  await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`JSON report written to ${values.json}`);
}
process.exitCode = report.failed > 0 ? 1 : 0;
