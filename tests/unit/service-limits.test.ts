import { describe, expect, it } from 'vitest';
import { formatBytes, listServiceLimits } from '../../src/reference/service-limits.ts';
import { ENDPOINT_ERRORS, STANDARD_ERRORS } from '../../src/service/error-kinds.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/service/rate-limit-policy.ts';

describe('listServiceLimits', () => {
  it('should name the answer of every size, time and connection refusal the service makes', () => {
    const answers = listServiceLimits(DEFAULT_RATE_LIMIT).map((row) => row.answer);
    // signing_keys_missing is a fault of the site's setup, not a limit a client can stay under.
    const refusals = [...STANDARD_ERRORS, ...ENDPOINT_ERRORS].filter(
      (kind) =>
        [408, 413, 414, 417, 429, 431, 501, 503, 505].includes(kind.status) &&
        kind.code !== 'signing_keys_missing',
    );
    for (const kind of refusals) {
      expect(answers.some((answer) => answer.startsWith(`${kind.status} ${kind.code}`))).toBe(true);
    }
  });

  it("should quote the server's default time-outs and connection caps", () => {
    const values = listServiceLimits(null)
      .map((row) => row.value)
      .join('\n');
    expect(values).toContain(
      `${LIMITS.headersTimeoutSeconds} s for the head, ${LIMITS.requestTimeoutSeconds} s in all`,
    );
    expect(values).toContain(
      `${LIMITS.connections} in all, ${LIMITS.connectionsPerClient} per client address`,
    );
  });

  it('should say when the service applies no rate limit', () => {
    const row = listServiceLimits(null).find((limit) => limit.answer.startsWith('429'));
    expect(row?.value).toBe('None');
  });
});

describe('formatBytes', () => {
  it('should show whole MiB as MiB and anything else as KiB', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MiB');
    expect(formatBytes(LIMITS.mcpBodyBytes)).toBe('256 KiB');
  });
});
