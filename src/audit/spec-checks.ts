import type { AuditCheck } from './audit-check.ts';
import { SPEC_DISCOVERY_CHECKS } from './spec-discovery-checks.ts';
import { SPEC_MCP_CHECKS } from './spec-mcp-checks.ts';
import { SPEC_OAUTH_CHECKS } from './spec-oauth-checks.ts';

/** The checks of docs/spec.md's surfaces, walked as an agent discovers them. */
export const SPEC_CHECKS: readonly AuditCheck[] = [
  ...SPEC_DISCOVERY_CHECKS,
  ...SPEC_OAUTH_CHECKS,
  ...SPEC_MCP_CHECKS,
];
