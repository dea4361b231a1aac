import { writeFile } from 'node:fs/promises';
import { parseDnsServer, type DnsServer } from '../src/audit/dns-lookup.ts';
import { formatAuditReport, runAudit, UnknownCheckError } from '../src/audit/run-audit.ts';
import { parseCommandLine, resolveTargetOrigin } from './command-line.ts';

const usage = `Usage: npm run audit -- [<base-url>] [--json <file>] [--only <check-id>,...]
       [--dns-server <ip[:port]>] [--dns-domain <domain>]

Audits a deployment of this project for agent readiness: docs/spec.md's surfaces and the checks
public scanners run. <base-url> defaults to the local server (SITE_URL, or http://HOST:PORT).
Exits 1 when a check fails, 2 on a usage error or a JSON report it cannot write. A deploy
preview behind Vercel Deployment Protection: set VERCEL_AUTOMATION_BYPASS_SECRET to the
project's Protection Bypass for Automation secret, sent as the x-vercel-protection-bypass header.
The DNS-AID check reads the records under _agents of --dns-domain (default: the host of
<base-url>) from --dns-server (default: this machine's first DNS server).`;

const { values, positionals } = parseCommandLine(
  {
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      only: { type: 'string' },
      'dns-server': { type: 'string' },
      'dns-domain': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  },
  usage,
);
if (values.help || positionals.length > 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const origin = resolveTargetOrigin(positionals[0], usage);
let dnsServer: DnsServer | undefined;
try {
  dnsServer = values['dns-server'] ? parseDnsServer(values['dns-server']) : undefined;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
// An empty list (--only '') runs every check, as before; runAudit refuses an id it does not have.
const only = (values.only ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter((id) => id !== '');
const report = await runAudit(origin, {
  dnsServer,
  dnsDomain: values['dns-domain'],
  ...(only.length > 0 ? { only } : {}),
  bypassSecret: process.env.VERCEL_AUTOMATION_BYPASS_SECRET,
}).catch((error: unknown) => {
  if (!(error instanceof UnknownCheckError)) throw error;
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
});
process.stdout.write(formatAuditReport(report));
process.exitCode = report.failed > 0 ? 1 : 0;
if (values.json) {
  try {
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`JSON report written to ${values.json}`);
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    console.error(`Could not write the JSON report to ${values.json} (${reason})`);
    process.exitCode = 2;
  }
}
