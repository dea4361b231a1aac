import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../support/list-files.ts';
import { ROOT } from '../support/processes.ts';

/**
 * Nothing secret may land in what a deployment publishes or bundles: the static output and the
 * generated modules the functions import. The served build ran with a canary key set and a
 * canary variable in its environment, as a deployment's build runs with its project variables.
 */
const secrets = inject('buildSecrets');
/** The served build's project copy (tests/support/server-setup.ts). */
const project = inject('siteBuild').dir;

describe('the published output', () => {
  it('should hold no private key, secret variable or local key file', async () => {
    const privateValues = (JSON.parse(secrets.OAUTH_SIGNING_KEYS) as Array<{ d: string }>).map(
      (key) => key.d,
    );
    // The local key files of the work tree and of the built copy, where either exists.
    const localKeys = (
      await Promise.all(
        [ROOT, project].map((dir) =>
          readFile(join(dir, '.local/oauth-signing-keys.json'), 'utf8')
            .then((text) => (JSON.parse(text) as Array<{ d: string }>).map((key) => key.d))
            .catch(() => []),
        ),
      )
    ).flat();
    const forbidden = [...privateValues, ...localKeys, secrets.SECRET_CANARY];
    const patterns = [
      /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
      /"d"\s*:\s*"[A-Za-z0-9_-]{20,}"/,
      /OAUTH_SIGNING_KEYS\s*[=:]\s*["'[]/,
      /\b(sk|pk)_(live|test)_[A-Za-z0-9]{10,}/,
      /\bAKIA[0-9A-Z]{16}\b/,
      /\bgh[pousr]_[A-Za-z0-9]{30,}/,
    ];
    const files = [
      ...(await listFiles(join(project, '.vercel/output/static'))),
      ...(await listFiles(join(project, 'src/generated'))),
    ];
    expect(files.length).toBeGreaterThan(20);
    const findings: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      for (const value of forbidden)
        if (text.includes(value)) findings.push(`${file}: a secret value`);
      for (const pattern of patterns) if (pattern.test(text)) findings.push(`${file}: ${pattern}`);
    }
    expect(findings).toEqual([]);
  });
});
