import { describe, expect, it } from 'vitest';
import { AUDIT_CHECKS } from '../../src/audit/run-audit.ts';

describe('AUDIT_CHECKS', () => {
  it("should name each check's sources as an owner can look them up, never this project's issues", () => {
    // The report showed "issue 28 item 1" to owners, a ticket of this project's own tracker.
    for (const check of AUDIT_CHECKS) {
      expect(check.sources.length, check.id).toBeGreaterThan(0);
      for (const source of check.sources) expect(source, check.id).not.toMatch(/\bissue \d/i);
    }
  });
});
