import { describe, expect, inject, it } from 'vitest';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';

const baseUrl = inject('baseUrl');

describe('error type pages', () => {
  it.each(listErrorCatalogue().map((entry) => [entry.code, entry] as const))(
    '/errors/%s explains the error',
    async (code, entry) => {
      const response = await fetch(`${baseUrl}/errors/${code}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/);
      const html = await response.text();
      expect(html).toContain(`<code>${code}</code>`);
      expect(html).toContain(String(entry.status));
    },
  );

  it('should resolve the type of real problems and OAuth errors', async () => {
    const problem = (await (await fetch(`${baseUrl}/api/v9/nothing`)).json()) as { type: string };
    const oauth = (await (
      await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password',
      })
    ).json()) as { type: string; error_uri: string };
    for (const url of [problem.type, oauth.type, oauth.error_uri]) {
      expect(url.startsWith(`${baseUrl}/errors/`)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
    }
  });

  it('should list every error and the JSON-RPC codes on /errors', async () => {
    const html = await (await fetch(`${baseUrl}/errors`)).text();
    for (const entry of listErrorCatalogue()) expect(html).toContain(`/errors/${entry.code}`);
    expect(html).toContain('-32700');
  });
});
