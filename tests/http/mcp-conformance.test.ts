import { describe, expect, inject, it } from 'vitest';
import { NODE, ROOT, runCommand } from '../support/processes.ts';

const baseUrl = inject('baseUrl');

/**
 * The official conformance suite in server mode against the real local server. Scenarios that
 * need fixtures or features this server does not offer are listed, with reasons, in
 * tests/conformance/baseline-*.yml; the suite fails on any other failure and on a stale entry.
 */
describe('the MCP conformance suite', () => {
  it('should pass every applicable 2025-11-25 scenario (conformance 0.1.16, active suite)', async () => {
    const result = await runCommand(NODE, [
      `${ROOT}node_modules/@modelcontextprotocol/conformance/dist/index.js`,
      'server',
      '--url',
      `${baseUrl}/mcp`,
      '--expected-failures',
      `${ROOT}tests/conformance/baseline-2025-11-25.yml`,
    ]);
    expect(result.code, `${result.stdout}\n${result.stderr}`.slice(-3000)).toBe(0);
    expect(result.stdout).toContain('Baseline check passed');
    expect(result.stdout).toMatch(/✓ tools-list: 1 passed, 0 failed/);
  });

  it('should pass every applicable 2026-07-28 scenario (conformance 0.2.0-alpha.12, all suites)', async () => {
    const result = await runCommand(NODE, [
      `${ROOT}node_modules/mcp-conformance-next/dist/index.js`,
      'server',
      '--url',
      `${baseUrl}/mcp`,
      '--spec-version',
      '2026-07-28',
      '--suite',
      'all',
      '--expected-failures',
      `${ROOT}tests/conformance/baseline-2026-07-28.yml`,
    ]);
    expect(result.code, `${result.stdout}\n${result.stderr}`.slice(-3000)).toBe(0);
    expect(result.stdout).toContain('Baseline check passed');
    expect(result.stdout).toMatch(/✓ caching: \d+ passed, 0 failed/);
    expect(result.stdout).toMatch(/✓ http-header-validation: \d+ passed, 0 failed/);
  });
});
