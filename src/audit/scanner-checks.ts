import { A2A_CHECKS } from './a2a-checks.ts';
import { DNS_AID_CHECKS } from './dns-aid-checks.ts';
import { AGENT_DOCS_CHECKS } from './agent-docs-checks.ts';
import { AGENT_READING_CHECKS } from './agent-reading-checks.ts';
import { AGENT_STANDARDS_CHECKS } from './agent-standards-checks.ts';
import type { AuditCheck } from './audit-check.ts';
import { SCANNER_AGENT_PROTOCOL_CHECKS } from './scanner-agent-protocol-checks.ts';
import { SCANNER_CRAWLER_CHECKS } from './scanner-crawler-checks.ts';
import { SCANNER_PAGE_CHECKS } from './scanner-page-checks.ts';

/** The checks public agent-readiness scanners run, beyond docs/spec.md. */
export const SCANNER_CHECKS: readonly AuditCheck[] = [
  ...SCANNER_CRAWLER_CHECKS,
  ...SCANNER_PAGE_CHECKS,
  ...SCANNER_AGENT_PROTOCOL_CHECKS,
  ...A2A_CHECKS,
  ...DNS_AID_CHECKS,
  ...AGENT_STANDARDS_CHECKS,
  ...AGENT_READING_CHECKS,
  // Issue 28 items 1 and 4 (afdocs, instructions for agents).
  ...AGENT_DOCS_CHECKS,
];
