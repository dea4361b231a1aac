import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, NODE, ROOT, runCommand } from '../support/processes.ts';

const STACK_LINE = /^\s+at /m;
const check = (env: NodeJS.ProcessEnv) =>
  runCommand(NODE, [`${ROOT}src/server/check-start.ts`], { SITE_URL: '', HOST: '', ...env });

/** A port this test holds, as an earlier `npm start` would. */
let held: Server;
let heldPort: number;
beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldPort = (held.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => held.close(resolve));
});

// Each test starts a Node process: a busy two-core machine can take seconds for one.
describe('check-start (the first step of npm start)', { timeout: 30_000 }, () => {
  it('should run before the build, which runs before the server', async () => {
    const manifest = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start?.split(' && ')).toEqual([
      'node src/server/check-start.ts',
      'npm run build',
      'npm run serve',
    ]);
  });

  it('should refuse a port in use in one line, suggesting the next one', async () => {
    const result = await check({ PORT: String(heldPort) });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${heldPort} is already in use on 127.0.0.1 (another \`npm start\`, \`npm run serve\` ` +
        `or \`npm run dev\`?). Stop that server, or build and serve on another port: ` +
        `PORT=${heldPort + 1} npm start`,
    );
    expect(result.stdout).toBe('');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535, got "eighty"'],
    [
      { SITE_URL: 'foo' },
      'SITE_URL must be an absolute URL such as https://www.example.com, got "foo"',
    ],
    [
      { RATE_LIMIT_MAX: '-1' },
      'RATE_LIMIT_MAX must be a whole number from 0 to 1000000000; it is "-1".',
    ],
    [
      { HOST: '10.255.255.1' },
      'HOST 10.255.255.1 is not an address of this machine. Use 127.0.0.1 (the default), ::1 or 0.0.0.0.',
    ],
  ])('should refuse %j in one line, with no stack', async (env, message) => {
    const result = await check({ PORT: String(await findFreePort()), ...env });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(message);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('should say nothing and let the port go when the server could listen', async () => {
    const port = await findFreePort();
    const result = await check({ PORT: String(port) });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
