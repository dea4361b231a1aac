import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { generateSigningKey } from '../../src/oauth/keys.ts';
import {
  findFreePort,
  NODE,
  ROOT,
  runCommand,
  startServer,
  stopProcess,
} from '../support/processes.ts';

const baseUrl = inject('baseUrl');

describe('the local server', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'should print its URL, serve, and exit 0 on %s',
    async (signal) => {
      const port = await findFreePort();
      const { child, output } = await startServer({
        SITE_URL: baseUrl,
        PORT: String(port),
        HOST: '',
      });
      expect(output()).toContain(`Serving ${baseUrl} on http://127.0.0.1:${port}`);
      const response = await fetch(`http://127.0.0.1:${port}/llms.txt`);
      expect(response.status).toBe(200);
      expect(await stopProcess(child, signal)).toBe(0);
      expect(output()).toContain(`${signal}: shutting down`);
    },
  );

  it('should refuse to serve a build made for another origin', async () => {
    const port = await findFreePort();
    const result = await runCommand(NODE, [`${ROOT}src/server/serve.ts`], {
      SITE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The build publishes ${baseUrl} but this server would publish http://127.0.0.1:${port}`,
    );
  });

  it('should refuse an invalid PORT with a clear message', async () => {
    const result = await runCommand(NODE, [`${ROOT}src/server/serve.ts`], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT must be a whole number from 1 to 65535, got "eighty"');
  });

  it('should keep unconfigured OAuth keys across restarts, and use OAUTH_SIGNING_KEYS when set', async () => {
    const keysFile = join(await mkdtemp(join(tmpdir(), 'lifecycle-oauth-')), 'keys.json');
    const readJwks = async (env: NodeJS.ProcessEnv) => {
      const port = await findFreePort();
      const { child } = await startServer({ SITE_URL: baseUrl, PORT: String(port), ...env });
      try {
        return (await (await fetch(`http://127.0.0.1:${port}/oauth/jwks`)).json()) as {
          keys: { kid: string }[];
        };
      } finally {
        await stopProcess(child);
      }
    };
    const unconfigured = { OAUTH_SIGNING_KEYS: '', OAUTH_KEYS_FILE: keysFile };
    const first = await readJwks(unconfigured);
    expect(first.keys).toHaveLength(1);
    expect(await readJwks(unconfigured)).toEqual(first);
    const configured = [
      await generateSigningKey('configured-2'),
      await generateSigningKey('configured-1'),
    ];
    const jwks = await readJwks({ OAUTH_SIGNING_KEYS: JSON.stringify(configured) });
    expect(jwks.keys.map((key) => key.kid)).toEqual(['configured-2', 'configured-1']);
  });
});
