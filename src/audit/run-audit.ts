import type { AuditCheck, AuditContext, CheckResult } from './audit-check.ts';
import {
  AuditHttp,
  isDeploymentProtectionPage,
  withProtectionBypass,
  type AuditFetch,
  type AuditResponse,
} from './audit-http.ts';
import type { DnsServer } from './dns-lookup.ts';
import { SCANNER_CHECKS } from './scanner-checks.ts';
import { SPEC_CHECKS } from './spec-checks.ts';

/**
 * Every check, in the order an agent discovers the service: llms.txt, the API catalog, OAuth
 * discovery, a registration and a token, the MCP endpoint; then what scanners grade (the sitemap
 * comes first among those, since the page checks walk its pages).
 */
export const AUDIT_CHECKS: readonly AuditCheck[] = [
  ...SPEC_CHECKS,
  ...SCANNER_CHECKS.filter((check) => check.id === 'robots-txt' || check.id === 'sitemap'),
  ...SCANNER_CHECKS.filter((check) => check.id !== 'robots-txt' && check.id !== 'sitemap'),
];

/** The report of one audit run. */
export interface AuditReport {
  readonly target: string;
  readonly startedAt: string;
  readonly passed: number;
  readonly failed: number;
  readonly checks: readonly CheckResult[];
}

export interface AuditOptions {
  /** The fetch to use (default: the global fetch). */
  readonly fetch?: AuditFetch;
  /** Only these check ids (default: all). */
  readonly only?: readonly string[];
  /** Vercel's Protection Bypass for Automation secret, sent with every request when set. */
  readonly bypassSecret?: string | undefined;
  /** The DNS server the DNS checks ask (default: this machine's first). */
  readonly dnsServer?: DnsServer | undefined;
  /** The domain whose DNS-AID records are checked (default: the origin's host). */
  readonly dnsDomain?: string | undefined;
}

/** The check that stands alone when Vercel Deployment Protection answers instead of the site. */
const PROTECTION_CHECK = {
  id: 'deployment-protection',
  title: 'The deployment answers, not Vercel Deployment Protection',
  sources: ['Vercel Deployment Protection: Protection Bypass for Automation'],
  fix: "Set VERCEL_AUTOMATION_BYPASS_SECRET to the project's Protection Bypass for Automation secret (Vercel: Project Settings, Deployment Protection) and run the audit again; in GitHub Actions, store it as a repository secret of that name.",
} as const;

/**
 * The check that stands alone when the origin's home page gets no answer at all (a refused
 * connection, a name that does not resolve, a time-out, a redirect loop): every other check would
 * fail on the same error, each with a fix that is not the one to make.
 */
const ANSWER_CHECK = {
  id: 'origin-answers',
  title: 'The origin answers a GET of its home page',
  sources: ['RFC 9110 §9.3.1 (GET)'],
  fix: 'Check the URL (scheme, host and port) and that the site is up: `npm start` builds and serves this checkout at its SITE_URL (http://127.0.0.1:4321 unless set), and `npm run audit` with no URL audits that; a Vercel deployment shows its state on its Vercel dashboard.',
} as const;

/**
 * Thrown by runAudit, before it asks anything, when `only` names a check the audit does not have:
 * that check would go unrun and the audit would pass. The message lists the audit's check ids.
 */
export class UnknownCheckError extends Error {
  readonly code = 'unknown_check';
}

/** Runs the audit against an origin; every check runs, and one failing never stops the next. */
export async function runAudit(target: string, options: AuditOptions = {}): Promise<AuditReport> {
  const unknown = (options.only ?? []).filter(
    (id) => !AUDIT_CHECKS.some((check) => check.id === id),
  );
  if (unknown.length > 0) {
    throw new UnknownCheckError(
      `Unknown check ${unknown.length > 1 ? 'ids' : 'id'} ${unknown.join(', ')}. The audit's checks: ${AUDIT_CHECKS.map((check) => check.id).join(', ')}`,
    );
  }
  const origin = new URL(target).origin;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const context: AuditContext = {
    origin,
    http: new AuditHttp(withProtectionBypass(fetchImpl, options.bypassSecret)),
    state: {},
    dns: {
      ...(options.dnsServer ? { server: options.dnsServer } : {}),
      ...(options.dnsDomain ? { domain: options.dnsDomain } : {}),
    },
  };
  const startedAt = new Date().toISOString();
  const alone = await findStandAloneFailure(context, options.bypassSecret);
  if (alone) {
    const check: CheckResult = {
      ...alone.check,
      status: 'fail',
      failures: [alone.failure],
      notes: [],
    };
    return { target: origin, startedAt, passed: 0, failed: 1, checks: [check] };
  }
  const results: CheckResult[] = [];
  for (const check of AUDIT_CHECKS) {
    if (options.only && !options.only.includes(check.id)) continue;
    const failures: string[] = [];
    const notes: string[] = [];
    const scope = {
      fail: (message: string) => void failures.push(message),
      note: (message: string) => void notes.push(message),
      expect: (condition: boolean, message: string) => {
        if (!condition) failures.push(message);
        return condition;
      },
    };
    try {
      await check.run(context, scope);
    } catch (error) {
      failures.push(`the check could not finish: ${describeError(error)}`);
    }
    results.push({
      id: check.id,
      title: check.title,
      sources: check.sources,
      status: failures.length === 0 ? 'pass' : 'fail',
      failures,
      notes,
      ...(failures.length > 0 ? { fix: check.fix } : {}),
    });
  }
  const failed = results.filter((result) => result.status === 'fail').length;
  return { target: origin, startedAt, passed: results.length - failed, failed, checks: results };
}

/**
 * The one failure to tell, alone, when the home page gets no answer or Vercel Deployment
 * Protection answers it instead of the site (then every other check would fail for that one
 * reason); undefined when the site answers.
 */
async function findStandAloneFailure(
  context: AuditContext,
  bypassSecret: string | undefined,
): Promise<{ check: typeof ANSWER_CHECK | typeof PROTECTION_CHECK; failure: string } | undefined> {
  const url = `${context.origin}/`;
  let home: AuditResponse;
  try {
    home = await context.http.get(url, 'text/html');
  } catch (error) {
    return { check: ANSWER_CHECK, failure: `GET ${url} got no answer: ${describeError(error)}` };
  }
  if (!isDeploymentProtectionPage(home)) return undefined;
  return {
    check: PROTECTION_CHECK,
    failure: bypassSecret
      ? "Vercel Deployment Protection refused the Protection Bypass for Automation secret sent (VERCEL_AUTOMATION_BYPASS_SECRET): it is not this project's current secret."
      : 'Vercel Deployment Protection answered instead of the site (401, its login page): this deployment is protected and VERCEL_AUTOMATION_BYPASS_SECRET is not set.',
  };
}

/** Formats a report for a terminal or a CI log. */
export function formatAuditReport(report: AuditReport): string {
  const lines = [`Agent readiness audit of ${report.target}`, ''];
  for (const check of report.checks) {
    lines.push(`${check.status === 'pass' ? 'PASS' : 'FAIL'}  ${check.id}: ${check.title}`);
    for (const note of check.notes) lines.push(`      ${note}`);
    for (const failure of check.failures) lines.push(`      ✗ ${failure}`);
    if (check.fix) lines.push(`      fix: ${check.fix}`);
    lines.push(`      sources: ${check.sources.join('; ')}`);
  }
  lines.push(
    '',
    `${report.passed} passed, ${report.failed} failed, of ${report.checks.length} ${report.checks.length === 1 ? 'check' : 'checks'}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** An error's message with its cause (fetch hides the network error in `cause`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
