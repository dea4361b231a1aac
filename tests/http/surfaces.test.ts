import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { CACHE_POLICIES, CORS_POLICIES } from '../../src/service/route-policies.ts';
import type { Surface } from '../../src/service/routes.ts';
import type { SiteDocuments } from '../../src/documents/site-documents.ts';
import { ApiCatalogLinksetSchema } from '../../src/schemas/api-catalog.ts';
import { AuthorizationServerMetadataSchema } from '../../src/schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../../src/schemas/claim-metadata.ts';
import { OverviewSchema } from '../../src/schemas/overview.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { ProtectedResourceMetadataSchema } from '../../src/schemas/protected-resource-metadata.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { listFiles } from '../support/list-files.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { findSmokeFailure, listSmokeChecks } from '../../scripts/smoke-checks.ts';

/** The route table of the served content, its own content pages included. */
const routes = await loadSampleRoutes();
const SURFACES = routes.surfaces;
const findSurface = (path: string) => routes.findSurface(path);

const baseUrl = inject('baseUrl');
let expected: SiteDocuments;

beforeAll(async () => {
  expected = await loadExpectedSite(baseUrl);
});

interface JsonSurface {
  readonly path: string;
  readonly mediaType: string;
  readonly schema: z.ZodType;
  readonly document: (site: SiteDocuments) => unknown;
}

const JSON_SURFACES: readonly JsonSurface[] = [
  {
    path: '/api/v1/overview',
    mediaType: MEDIA_TYPES.json,
    schema: OverviewSchema,
    document: (s) => s.overview,
  },
  {
    path: '/.well-known/oauth-protected-resource',
    mediaType: MEDIA_TYPES.json,
    schema: ProtectedResourceMetadataSchema,
    document: (s) => s.protectedResource,
  },
  {
    path: '/.well-known/oauth-protected-resource/mcp',
    mediaType: MEDIA_TYPES.json,
    schema: ProtectedResourceMetadataSchema,
    document: (s) => s.protectedResourceMcp,
  },
  {
    path: '/.well-known/oauth-authorization-server',
    mediaType: MEDIA_TYPES.json,
    schema: AuthorizationServerMetadataSchema,
    document: (s) => s.authorizationServer,
  },
  {
    path: '/.well-known/api-catalog',
    mediaType: MEDIA_TYPES.linkset,
    schema: ApiCatalogLinksetSchema,
    document: (s) => s.apiCatalog,
  },
  {
    path: '/oauth/claim',
    mediaType: MEDIA_TYPES.json,
    schema: ClaimMetadataSchema,
    document: (s) => s.claim,
  },
];

const TEXT_SURFACES = [
  { path: '/llms.txt', mediaType: MEDIA_TYPES.text, document: (s: SiteDocuments) => s.llmsTxt },
  {
    path: '/llms-full.txt',
    mediaType: MEDIA_TYPES.text,
    document: (s: SiteDocuments) => s.llmsFullTxt,
  },
  { path: '/auth.md', mediaType: MEDIA_TYPES.markdown, document: (s: SiteDocuments) => s.authMd },
] as const;

describe('JSON surfaces', () => {
  it.each(JSON_SURFACES)(
    'should serve $path with its media type and a valid body',
    async (surface) => {
      const response = await fetch(`${baseUrl}${surface.path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(surface.mediaType);
      const body: unknown = await response.json();
      expect(surface.schema.safeParse(body).error).toBeUndefined();
      expect(body).toEqual(surface.document(expected));
    },
  );

  it('should serve the same OpenAPI 3.1 document at /openapi.json and /api/v1/openapi.json', async () => {
    const [atOrigin, underRest] = await Promise.all(
      ['/openapi.json', '/api/v1/openapi.json'].map((path) => fetch(`${baseUrl}${path}`)),
    );
    for (const response of [atOrigin, underRest]) {
      expect(response?.status).toBe(200);
      expect(response?.headers.get('content-type')).toBe(MEDIA_TYPES.json);
    }
    const [a, b] = await Promise.all([atOrigin?.text(), underRest?.text()]);
    expect(a).toBe(b);
    expect(JSON.parse(a ?? '')).toEqual(expected.openapi);
  });
});

describe('text surfaces', () => {
  it.each(TEXT_SURFACES)('should serve $path as $mediaType', async (surface) => {
    const response = await fetch(`${baseUrl}${surface.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(surface.mediaType);
    expect(await response.text()).toBe(surface.document(expected));
  });
});

describe('discovery metadata', () => {
  it('should name the origin as resource and authorization server, with both scopes and the header method', async () => {
    const metadata = (await (
      await fetch(`${baseUrl}/.well-known/oauth-protected-resource`)
    ).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe(baseUrl);
    expect(metadata.authorization_servers).toEqual([baseUrl]);
    expect(metadata.scopes_supported).toEqual(['mcp:read', 'mcp:tools']);
    expect(metadata.bearer_methods_supported).toEqual(['header']);
  });

  it('should name the MCP endpoint as the resource of the MCP metadata', async () => {
    const metadata = (await (
      await fetch(`${baseUrl}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe(`${baseUrl}/mcp`);
    expect(metadata.authorization_servers).toEqual([baseUrl]);
  });

  it('should publish an issuer string-identical to the protected resource metadata authorization server', async () => {
    const [resource, server] = await Promise.all(
      ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server'].map(
        async (path) =>
          (await (await fetch(`${baseUrl}${path}`)).json()) as Record<string, unknown>,
      ),
    );
    expect((resource?.authorization_servers as string[])[0]).toBe(server?.issuer);
  });

  it('should answer HEAD on the API catalog with its Link header and no body', async () => {
    const response = await fetch(`${baseUrl}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
    expect(response.headers.get('content-type')).toBe(MEDIA_TYPES.linkset);
    expect(await response.text()).toBe('');
  });
});

describe('unknown API paths', () => {
  it.each([
    '/api/v2/overview',
    '/api/nothing',
    '/oauth/unknown',
    '/.well-known/nothing',
    '/.well-known/a/b/c',
  ])('should answer %s with a 404 problem naming the path', async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe(MEDIA_TYPES.problem);
    const problem = ProblemSchema.parse(await response.json());
    expect(problem).toMatchObject({
      type: `${baseUrl}/errors/not_found`,
      title: 'Not Found',
      status: 404,
      code: 'not_found',
      instance: path,
    });
    expect(problem.detail.length).toBeGreaterThan(0);
  });

  it('should answer an unknown page with the HTML 404 page', async () => {
    const response = await fetch(`${baseUrl}/no-such-page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe(MEDIA_TYPES.html);
    expect(await response.text()).toContain('Page not found');
  });
});

/** The URL a surface's sample stands for: hashed asset names are read from the home page. */
async function resolveSample(surface: Surface): Promise<string> {
  if (surface.id !== 'assets') return surface.sample.path;
  const html = await (await fetch(`${baseUrl}/`)).text();
  const asset = /(?:href|src)="(\/_astro\/[^"]+)"/.exec(html)?.[1];
  if (!asset) throw new Error('the home page links no /_astro/ asset');
  return asset;
}

/** A media type without the spaces between its parameters (sirv writes `text/html;charset=utf-8`). */
const normalizeMediaType = (value: string | null) => value?.replace(/;\s*/g, '; ');

describe('SURFACES', () => {
  it.each(SURFACES)(
    'should answer the sample of $id with its status, media type, cache, CORS and Link',
    async (surface) => {
      const path = await resolveSample(surface);
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.status, path).toBe(surface.sample.status);
      if (surface.mediaType && (response.ok || surface.sample.status === 404)) {
        expect(normalizeMediaType(response.headers.get('content-type')), path).toBe(
          MEDIA_TYPES[surface.mediaType],
        );
      }
      const cache = CACHE_POLICIES[surface.cache];
      if (cache) expect(response.headers.get('cache-control'), path).toBe(cache);
      for (const [name, value] of Object.entries(CORS_POLICIES[surface.cors])) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
      if (surface.cors === 'none') {
        expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      expect(response.headers.get('link'), path).toBe(surface.link ?? null);
      if (surface.markdownMirror) expect(response.headers.get('vary'), path).toContain('Accept');
    },
  );

  it('should hold every file of the build in a surface answered by files', async () => {
    const dir = join(inject('siteBuild').outputDir, 'static');
    const files = (await listFiles(dir)).map((file) => file.slice(dir.length));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(findSurface(file).answer.kind, file).toBe('file');
  });

  it('should name a media type for every file of the build, compressed or not', async () => {
    const dir = join(inject('siteBuild').outputDir, 'static');
    const files = (await listFiles(dir))
      .map((file) => file.slice(dir.length))
      .filter((file) => !/\.(br|gz)$/.test(file) && !file.includes('/.'));
    expect(files).toContain('/search-index.json');
    const checkFile = async (file: string) => {
      for (const coding of ['identity', 'gzip, br']) {
        // Twice: the first answer comes from disk, the next from memory for small files.
        for (const round of [1, 2]) {
          const response = await fetch(`${baseUrl}${encodeURI(file)}`, {
            headers: { 'Accept-Encoding': coding },
          });
          await response.arrayBuffer();
          expect(response.headers.get('content-type'), `${file} ${coding} ${round}`).toMatch(
            /^[a-z]+\/[a-z0-9.+-]+/,
          );
        }
      }
    };
    // A page per reference item made this a few hundred requests: eight files at a time.
    for (let start = 0; start < files.length; start += 8) {
      await Promise.all(files.slice(start, start + 8).map(checkFile));
    }
  }, 180_000);
});

describe('npm run smoke', () => {
  it('should pass every check it makes of the served build, the skill named after the company included', async () => {
    // The route table of the content the build read, as scripts/smoke.ts builds it: its skill
    // sample was `example-mcp`, which no company's skills are called, so smoke always failed.
    const failures: string[] = [];
    for (const check of listSmokeChecks(SURFACES)) {
      const response = await fetch(`${baseUrl}${check.path}`, {
        redirect: 'manual',
        ...(check.headers ? { headers: check.headers } : {}),
      });
      await response.arrayBuffer();
      const failure = findSmokeFailure(check, {
        status: response.status,
        contentType: response.headers.get('content-type'),
      });
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});
