import { describe, expect, it } from 'vitest';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildSiteVercelConfig } from '../../src/documents/site-vercel-config.ts';
import { VercelRouter, type RoutingRequest } from '../../src/server/vercel-routing.ts';
import { resolveContentDir } from '../../src/site-content/content-dir.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';

const FILES = new Set([
  '/index.html',
  '/llms.txt',
  '/api/v1/overview',
  '/.well-known/oauth-protected-resource.json',
]);
const FUNCTIONS = new Set(['/api/not-found']);
const filesystem = {
  isFile: (path: string) => FILES.has(path),
  isFunction: (path: string) => FUNCTIONS.has(path),
};

function request(pathname: string, headers: Record<string, string> = {}): RoutingRequest {
  const url = new URL(pathname, 'http://x.test');
  const lowerCased = new Headers(headers);
  return {
    pathname: url.pathname,
    searchParams: url.searchParams,
    header: (name) => lowerCased.get(name) ?? undefined,
  };
}

describe('VercelRouter', () => {
  const router = new VercelRouter(
    {
      rewrites: [
        {
          source: '/.well-known/oauth-protected-resource',
          destination: '/.well-known/oauth-protected-resource.json',
        },
        {
          source: '/agents',
          destination: '/llms.txt',
          has: [{ type: 'header', key: 'accept', value: 'text/plain' }],
        },
        { source: '/api/:path*', destination: '/api/not-found' },
      ],
      headers: [
        { source: '/(.*)', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
        {
          source: '/llms.txt',
          headers: [{ key: 'Content-Type', value: 'text/plain; charset=utf-8' }],
        },
      ],
      redirects: [{ source: '/old', destination: '/llms.txt', permanent: true }],
    },
    filesystem,
  );

  it('should serve an existing file before any rewrite', () => {
    expect(router.route(request('/api/v1/overview')).target).toEqual({
      kind: 'file',
      pathname: '/api/v1/overview',
      search: '',
    });
  });

  it('should apply every matching header rule of the requested path', () => {
    expect(router.route(request('/llms.txt')).headers).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'text/plain; charset=utf-8',
    });
  });

  it('should rewrite to a file or a function after the filesystem misses', () => {
    expect(router.route(request('/.well-known/oauth-protected-resource')).target).toMatchObject({
      kind: 'file',
      pathname: '/.well-known/oauth-protected-resource.json',
    });
    expect(router.route(request('/api/v9/anything')).target).toEqual({
      kind: 'function',
      pathname: '/api/not-found',
    });
  });

  it('should honour a has condition on a header, matching the whole value', () => {
    expect(router.route(request('/agents', { accept: 'text/plain' })).target).toMatchObject({
      pathname: '/llms.txt',
    });
    expect(router.route(request('/agents', { accept: 'text/plain, text/html' })).target).toEqual({
      kind: 'missing',
    });
    expect(router.route(request('/agents')).target).toEqual({ kind: 'missing' });
  });

  it('should answer a redirect rule with its status and location', () => {
    expect(router.route(request('/old')).target).toEqual({
      kind: 'redirect',
      status: 308,
      location: '/llms.txt',
    });
  });

  it('should report a path nothing answers as missing', () => {
    expect(router.route(request('/nothing/here')).target).toEqual({ kind: 'missing' });
  });

  it('should remember path-only decisions on a fixed filesystem, and never conditional ones', () => {
    const files = new Set(['/a.txt']);
    const fixed = { isFile: (path: string) => files.has(path), isFunction: () => false };
    const plain = new VercelRouter(
      { rewrites: [{ source: '/b', destination: '/a.txt' }] },
      {
        ...fixed,
        fixed: true,
      },
    );
    expect(plain.route(request('/b')).target).toMatchObject({ pathname: '/a.txt' });
    files.delete('/a.txt');
    expect(plain.route(request('/b')).target).toMatchObject({ pathname: '/a.txt' });
    const conditional = new VercelRouter(
      {
        rewrites: [{ source: '/b', destination: '/a.txt', has: [{ type: 'header', key: 'x-a' }] }],
      },
      { ...fixed, fixed: true },
    );
    files.add('/a.txt');
    expect(conditional.route(request('/b', { 'x-a': '1' })).target).toMatchObject({
      pathname: '/a.txt',
    });
    expect(conditional.route(request('/b')).target).toEqual({ kind: 'missing' });
  });

  it('should refuse an invalid configuration with a clear message', () => {
    expect(
      () => new VercelRouter({ rewrites: [{ source: '(', destination: '/' }] }, filesystem),
    ).toThrow(/vercel\.json is invalid/);
  });
});

const projectConfig = buildSiteVercelConfig(
  await readSiteContent(resolveContentDir({ CONTENT_DIR: process.env.CONTENT_DIR })),
  readProjectToolNames(process.cwd()),
);

describe("the project's Vercel configuration", () => {
  const config = projectConfig;
  const router = new VercelRouter(config, filesystem);

  it.each([
    '/api/v2/overview',
    '/oauth/unknown',
    '/.well-known/unknown',
    '/mcp/unknown',
    '/mcp/',
    '/mcp/a/b',
    '/a2a/unknown',
    '/a2a/',
  ])('should send unknown %s to the 404 function', (path) => {
    expect(router.route(request(path)).target).toEqual({
      kind: 'function',
      pathname: '/api/not-found',
    });
  });

  it('should keep every source within the 4,096 characters Vercel accepts', () => {
    // A page per operation, tool and schema made the last rule, which leaves out every page
    // before it, 4,945 characters long before its paths were grouped by folder.
    const lengths = [...config.headers, ...(config.rewrites ?? [])].map(
      (rule) => rule.source.length,
    );
    expect(Math.max(...lengths)).toBeLessThanOrEqual(4096);
    expect(router.route(request('/docs/api/getOverview/')).headers['Cache-Control']).toBeDefined();
  });

  it('should leave files under /mcp/ and paths merely starting with "mcp" alone', () => {
    const withCard = new VercelRouter(config, {
      isFile: (path) => path === '/mcp/server-card' || FILES.has(path),
      isFunction: (path) => FUNCTIONS.has(path),
    });
    expect(withCard.route(request('/mcp/server-card')).target).toMatchObject({ kind: 'file' });
    expect(withCard.route(request('/mcpx')).target).toEqual({ kind: 'missing' });
  });

  it('should give the consent page at /oauth/authorize no CORS field', () => {
    const headers = Object.keys(router.route(request('/oauth/authorize')).headers);
    expect(headers.filter((name) => name.startsWith('Access-Control-'))).toEqual([]);
  });

  it.each(['/nothing/here', '/mcp/unknown', '/api/x', '/'])(
    'should give %s the security headers, so every answer there carries them',
    (path) => {
      expect(Object.keys(router.route(request(path)).headers)).toEqual(
        expect.arrayContaining([
          'Content-Security-Policy',
          'X-Content-Type-Options',
          'X-Frame-Options',
          'Referrer-Policy',
        ]),
      );
    },
  );
});
