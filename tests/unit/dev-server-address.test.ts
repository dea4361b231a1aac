import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkDevServerAddress, findDevPortMismatch } from '../../src/server/dev-server-address.ts';

describe('findDevPortMismatch', () => {
  it('should take the port of the origin HOST and PORT make, 4321 by default', () => {
    expect(findDevPortMismatch({}, 4321)).toBeUndefined();
    expect(findDevPortMismatch({ PORT: '4365' }, 4365)).toBeUndefined();
  });

  it('should name PORT when the dev server would listen on another port than it publishes', () => {
    expect(findDevPortMismatch({}, 4364)).toBe(
      '--port 4364 would listen elsewhere than the site publishes, http://127.0.0.1:4321 (PORT): set the port with PORT instead: PORT=4364 npm run dev',
    );
    expect(findDevPortMismatch({ PORT: '4365', HOST: '::1' }, 4364)).toContain(
      'the site publishes, http://[::1]:4365 (PORT)',
    );
  });

  it('should let any port serve an origin SITE_URL or Vercel names', () => {
    expect(findDevPortMismatch({ SITE_URL: 'https://facts.example.com' }, 4364)).toBeUndefined();
    expect(findDevPortMismatch({ VERCEL_URL: 'x.vercel.app' }, 4364)).toBeUndefined();
  });
});

describe('checkDevServerAddress', () => {
  it('should name a port in use in one line, suggesting the next port with npm run dev', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(checkDevServerAddress('127.0.0.1', port)).rejects.toThrow(
        `Port ${port} is already in use on 127.0.0.1 (another \`npm start\`, \`npm run serve\` or \`npm run dev\`?). Stop that server, or use another port: PORT=${port + 1} npm run dev`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await expect(checkDevServerAddress('127.0.0.1', port)).resolves.toBeUndefined();
  });
});
