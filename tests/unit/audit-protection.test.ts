import { describe, expect, it } from 'vitest';
import type { AuditFetch } from '../../src/audit/audit-http.ts';
import { runAudit, UnknownCheckError } from '../../src/audit/run-audit.ts';

const SECRET = 'bypass-secret-of-the-project';

/** A deployment behind Vercel Deployment Protection: its login page unless the secret is sent. */
function protectedDeployment(seen: Headers[]): AuditFetch {
  return async (_input, init = {}) => {
    const headers = new Headers(init.headers);
    seen.push(headers);
    if (headers.get('x-vercel-protection-bypass') === SECRET) {
      return new Response('<!doctype html><title>Site</title>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    }
    return new Response(
      '<!doctype html><title>Authentication Required</title><p>Vercel Authentication</p>',
      {
        status: 401,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'set-cookie': '_vercel_sso_nonce=n; Path=/',
        },
      },
    );
  };
}

describe('runAudit', () => {
  it('should say what to do when Deployment Protection answers and no secret is set', async () => {
    const report = await runAudit('https://preview.example.vercel.app', {
      fetch: protectedDeployment([]),
    });
    expect(report.failed).toBe(1);
    expect(report.checks).toHaveLength(1);
    const [check] = report.checks;
    expect(check?.id).toBe('deployment-protection');
    expect(check?.failures.join()).toContain('VERCEL_AUTOMATION_BYPASS_SECRET is not set');
    expect(check?.fix).toContain('Protection Bypass for Automation');
  });

  it('should say the secret was refused when Deployment Protection still answers', async () => {
    const report = await runAudit('https://preview.example.vercel.app', {
      fetch: protectedDeployment([]),
      bypassSecret: 'an old secret',
    });
    expect(report.checks[0]?.failures.join()).toContain('refused the Protection Bypass');
  });

  it('should send the bypass header with every request and audit the site behind it', async () => {
    const seen: Headers[] = [];
    const report = await runAudit('https://preview.example.vercel.app', {
      fetch: protectedDeployment(seen),
      bypassSecret: SECRET,
      only: ['llms-txt'],
    });
    expect(report.checks.map((check) => check.id)).not.toContain('deployment-protection');
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((headers) => headers.get('x-vercel-protection-bypass') === SECRET)).toBe(
      true,
    );
  });
});

describe('runAudit against an origin that does not answer', () => {
  it('should report one check naming the error and what to check, and ask nothing more', async () => {
    const asked: string[] = [];
    const report = await runAudit('https://preview.example.vercel.app', {
      fetch: async (input) => {
        asked.push(String(input));
        throw new TypeError('fetch failed', {
          cause: new Error('getaddrinfo ENOTFOUND preview.example.vercel.app'),
        });
      },
    });
    expect(report).toMatchObject({ passed: 0, failed: 1 });
    expect(report.checks).toHaveLength(1);
    const [check] = report.checks;
    expect(check).toMatchObject({ id: 'origin-answers', status: 'fail' });
    expect(check?.failures).toEqual([
      'GET https://preview.example.vercel.app/ got no answer: fetch failed (getaddrinfo ENOTFOUND preview.example.vercel.app)',
    ]);
    expect(check?.fix).toContain('npm start');
    expect(asked).toEqual(['https://preview.example.vercel.app/']);
  });

  it('should run the checks as before when the home page answers, whatever its status', async () => {
    const report = await runAudit('https://site.example', {
      fetch: async () => new Response('gone', { status: 500 }),
      only: ['robots-txt'],
    });
    expect(report.checks.map((check) => check.id)).toEqual(['robots-txt']);
  });
});

describe('runAudit with only', () => {
  it('should refuse a check id the audit does not have, before it asks anything', async () => {
    const seen: Headers[] = [];
    const audit = runAudit('https://preview.example', {
      fetch: protectedDeployment(seen),
      only: ['robots-txt', 'robot-txt', 'nope'],
    });
    await expect(audit).rejects.toBeInstanceOf(UnknownCheckError);
    await expect(audit).rejects.toThrow(
      /^Unknown check ids robot-txt, nope\. The audit's checks: /,
    );
    expect(seen).toEqual([]);
  });
});
