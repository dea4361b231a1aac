import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort, NODE, ROOT, stopProcess } from '../support/processes.ts';

const baseUrl = inject('baseUrl');
let dev: ChildProcess;

/** The environment without Vitest's own variables: Astro's dev server behaves differently under VITEST. */
function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'),
  );
}
let devUrl: string;

beforeAll(async () => {
  const port = await findFreePort();
  devUrl = `http://127.0.0.1:${port}`;
  // Publishing the served build's origin keeps the generated modules unchanged for the other tests.
  dev = spawn(
    NODE,
    [
      `${ROOT}node_modules/astro/bin/astro.mjs`,
      'dev',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      env: {
        ...withoutVitest(process.env),
        NODE_ENV: 'development',
        SITE_URL: baseUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${devUrl}/llms.txt`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`astro dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 90_000);

afterAll(async () => {
  if (dev) await stopProcess(dev);
});

describe('npm run dev', () => {
  it.each([
    ['/api/v1/overview', 200, 'application/json'],
    ['/.well-known/oauth-protected-resource', 200, 'application/json'],
    ['/.well-known/oauth-protected-resource/mcp', 200, 'application/json'],
    [
      '/.well-known/api-catalog',
      200,
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    ],
    ['/api/nope', 404, 'application/problem+json'],
    ['/mcp', 200, 'application/json'],
    ['/copy/product.md', 200, 'text/markdown; charset=utf-8'],
  ])('should serve %s like the deployment', async (path, status, mediaType) => {
    const response = await fetch(`${devUrl}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(mediaType);
  });

  it('should answer MCP requests through the function', async () => {
    const response = await fetch(`${devUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
