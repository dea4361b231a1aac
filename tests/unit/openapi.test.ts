import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildComponentSchemas } from '../../src/documents/openapi/component-schemas.ts';
import { JsonRpcRequestSchema } from '../../src/schemas/json-rpc.ts';
import { buildOpenApiDocument } from '../../src/documents/openapi/openapi-document.ts';
import {
  A2aLegacySendParamsSchema,
  A2aSendMessageParamsSchema,
} from '../../src/schemas/a2a-messages.ts';
import { buildOverview } from '../../src/documents/overview.ts';
import { LinkUrlSchema } from '../../src/schemas/content-urls.ts';
import { ENDPOINT_ERRORS } from '../../src/service/error-kinds.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/service/rate-limit-policy.ts';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';

const findSurface = (path: string) => BUILT_IN_ROUTES.findSurface(path);
import { buildServiceUrls } from '../../src/service/urls.ts';
import { OverviewSchema } from '../../src/schemas/overview.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const origin = 'https://facts.example.com';
const urls = buildServiceUrls(origin);
const content = await loadFixtureContent('rich');

type Operation = { responses: Record<string, unknown>; operationId: string };
const document = buildOpenApiDocument(content, urls, DEFAULT_RATE_LIMIT) as {
  openapi: string;
  info: { version: string; description: string; contact: Record<string, string> };
  servers: { url: string }[];
  paths: Record<string, { servers?: { url: string }[] } & Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

/** Every operation of docs/spec.md §4, as the public URL it is served at. */
const SPEC_OPERATIONS = [
  ['get', `${origin}/api/v1/overview`],
  ['get', `${origin}/api/v1/openapi.json`],
  ['get', `${origin}/openapi.json`],
  ['get', `${origin}/mcp`],
  ['post', `${origin}/mcp`],
  ['get', `${origin}/llms.txt`],
  ['get', `${origin}/llms-full.txt`],
  ['get', `${origin}/auth.md`],
  ['get', `${origin}/.well-known/oauth-protected-resource`],
  ['get', `${origin}/.well-known/oauth-protected-resource/mcp`],
  ['get', `${origin}/.well-known/oauth-authorization-server`],
  ['get', `${origin}/.well-known/api-catalog`],
  ['get', `${origin}/oauth/authorize`],
  ['post', `${origin}/oauth/token`],
  ['get', `${origin}/oauth/jwks`],
  ['post', `${origin}/oauth/register`],
  ['get', `${origin}/oauth/claim`],
] as const;

function publishedOperations(): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const servers = item.servers ?? document.servers;
    return Object.keys(item)
      .filter((key) => ['get', 'post', 'head', 'put', 'delete', 'patch'].includes(key))
      .flatMap((method) => servers.map((server) => `${method} ${server.url}${path}`));
  });
}

describe('buildOpenApiDocument', () => {
  it('should name the contact page as url, or a mailto: contact address as email beside the website', async () => {
    expect(document.info.contact).toEqual({
      name: content.company.name,
      url: content.company.contactUrl,
    });
    const byMail = await loadFixtureContent('right-to-left');
    const mailDocument = buildOpenApiDocument(byMail, urls, DEFAULT_RATE_LIMIT) as typeof document;
    expect(mailDocument.info.contact).toEqual({
      name: byMail.company.name,
      url: byMail.company.website,
      email: 'info@siwa-dates.example',
    });
  });

  it.each([
    ['mailto:ventas@café.example?subject=Cotización', { email: 'ventas@xn--caf-dma.example' }],
    ['mailto:begoña@café.example', { url: 'mailto:bego%C3%B1a@xn--caf-dma.example' }],
    ['mailto:año%3Fx@café.example', { url: 'mailto:a%C3%B1o%3Fx@xn--caf-dma.example' }],
    [
      'https://café.example/contacto?año=2026',
      { url: 'https://xn--caf-dma.example/contacto?a%C3%B1o=2026' },
    ],
    // An ASCII contact page as written, not normalized (no `/` added after the host).
    ['https://www.example.com', { url: 'https://www.example.com' }],
  ])(
    'should write the contact %s in ASCII, as format: email and uri require',
    (written, expected) => {
      // As content/ stores it: content-urls.ts makes a URL with characters outside ASCII a URI.
      const contactUrl = LinkUrlSchema.parse(written);
      const company = { ...content.company, contactUrl };
      const described = buildOpenApiDocument(
        { ...content, company },
        urls,
        DEFAULT_RATE_LIMIT,
      ) as typeof document;
      const { email, url } = described.info.contact;
      expect({
        ...(email === undefined ? {} : { email }),
        ...('email' in expected ? {} : { url }),
      }).toEqual(expected);
      expect(JSON.stringify({ email, url })).toMatch(/^[\x20-\x7e]*$/);
    },
  );

  it('should be OpenAPI 3.1, version 1.0.0, with the three server bases of docs/spec.md §4', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers.map((server) => server.url)).toEqual([
      `${origin}/api/v1`,
      origin,
      `${origin}/mcp`,
    ]);
  });

  it("should say what the API holds without denying what the owner's pages may publish, such as prices", () => {
    // A Hindi owner's site had a pricing page; the description said "no customer data, pricing,
    // accounts or API keys", which an agent may read as "this company publishes no prices".
    expect(document.info.description).toContain('public marketing facts only');
    expect(document.info.description).not.toMatch(/pric/i);
  });

  it.each(SPEC_OPERATIONS)('should describe %s %s', (method, url) => {
    expect(publishedOperations()).toContain(`${method} ${url}`);
  });

  it('should declare 400, 401, 404, 405, 429 and 500 on every operation', () => {
    for (const item of Object.values(document.paths)) {
      for (const [key, value] of Object.entries(item)) {
        if (key === 'servers') continue;
        const operation = value as Operation;
        expect(Object.keys(operation.responses), operation.operationId).toEqual(
          expect.arrayContaining(['400', '401', '404', '405', '429', '500']),
        );
      }
    }
  });

  it("should declare the local server's refusals (408, 414, 417, 431, 503) on every operation", () => {
    for (const item of Object.values(document.paths)) {
      for (const [key, value] of Object.entries(item)) {
        if (key === 'servers') continue;
        const operation = value as Operation;
        expect(Object.keys(operation.responses), operation.operationId).toEqual(
          expect.arrayContaining(['408', '414', '417', '431', '503']),
        );
      }
    }
  });

  it('should publish a shared Problem response for every endpoint error kind an operation can meet', () => {
    type ProblemContent = {
      example?: { code: string };
      examples?: Record<string, { value: { code: string } }>;
    };
    const examples = Object.values(document.components.responses).flatMap((response) => {
      // The 304 (NotModified) has no body.
      const content = (response as { content?: Record<string, ProblemContent> }).content?.[
        'application/problem+json'
      ];
      return [
        content?.example?.code,
        ...Object.values(content?.examples ?? {}).map((example) => example.value.code),
      ];
    });
    // forbidden_host only guards a local server bound to loopback; no public deployment answers it.
    for (const kind of ENDPOINT_ERRORS.filter((kind) => kind.code !== 'forbidden_host')) {
      expect(examples, kind.code).toContain(kind.code);
    }
  });

  it('should let every operation that signs or verifies with the OAuth keys answer signing_keys_missing', () => {
    const signing = ['/oauth/authorize', '/oauth/token', '/oauth/jwks', '/oauth/register'];
    for (const path of signing) {
      const item = document.paths[path] ?? {};
      const operation = (item.get ?? item.post) as Operation;
      expect(operation.responses['503'], path).toEqual({
        $ref: '#/components/responses/ServiceUnavailableOrSigningKeysMissing',
      });
    }
    for (const path of ['/mcp', '/a2a']) {
      expect((document.paths[path]?.post as Operation).responses['503'], path).toEqual({
        $ref: '#/components/responses/ServiceUnavailableOrSigningKeysMissing',
      });
    }
    expect((document.paths['/oauth/claim']?.get as Operation).responses['503']).toEqual({
      $ref: '#/components/responses/TooManyConnections',
    });
  });

  it('should state the time-outs and connection caps of the local server among the limits', () => {
    expect(document.info.description).toContain(
      `waits ${LIMITS.headersTimeoutSeconds} seconds for a request head and ${LIMITS.requestTimeoutSeconds} seconds for a whole request (408)`,
    );
    expect(document.info.description).toContain(
      `at most ${LIMITS.connections} connections, ${LIMITS.connectionsPerClient} per client address (503 with Retry-After)`,
    );
  });

  it('should answer errors of REST, MCP and discovery operations with the Problem schema', () => {
    const notFound = document.components.responses.NotFound as {
      content: Record<string, { schema: unknown; example: unknown }>;
    };
    expect(notFound.content['application/problem+json']?.schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(
      ProblemSchema.parse(notFound.content['application/problem+json']?.example),
    ).toMatchObject({
      title: 'Not Found',
      code: 'not_found',
      type: `${origin}/errors/not_found`,
    });
  });

  it('should generate its component schemas from the zod schemas, never retyped', () => {
    const components = buildComponentSchemas();
    for (const [id, schema] of [
      ['Overview', OverviewSchema],
      ['Problem', ProblemSchema],
    ] as const) {
      const component = components[id] as { properties: object; required: string[] };
      const keys = Object.keys(schema.shape);
      expect(Object.keys(component.properties)).toEqual(keys);
      expect(component.required).toEqual(
        keys.filter(
          (key) => !(schema.shape as Record<string, z.ZodType>)[key]?.safeParse(undefined).success,
        ),
      );
    }
    expect(document.components.schemas).toEqual(components);
  });

  it('should show the real overview as the example of GET /overview', () => {
    const example = (
      document.paths['/overview']?.get?.responses['200'] as {
        content: Record<string, { example: unknown }>;
      }
    ).content['application/json']?.example;
    expect(example).toEqual(buildOverview(content, urls));
    expect(OverviewSchema.parse(example)).toEqual(example);
  });
});

describe('the OpenAPI paths and the route table', () => {
  /** The public paths an operation is served at: its path-level servers, else the REST base. */
  const publicPathsOf = (path: string, item: { servers?: { url: string }[] }) =>
    (item.servers ?? document.servers.slice(0, 1)).map(
      (server) => `${new URL(server.url).pathname.replace(/\/$/, '')}${path}`,
    );

  it('should document only public surfaces of the table, each with methods the table allows', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const publicPath of publicPathsOf(path, item)) {
        const surface = findSurface(publicPath);
        expect(surface.listed, `${publicPath} is the ${surface.id} surface`).toBe(true);
        expect(surface.id, publicPath).not.toBe('not-found');
        const methods = Object.keys(item)
          .filter((key) => key !== 'servers')
          .map((method) => method.toUpperCase());
        for (const method of methods) expect(surface.methods, publicPath).toContain(method);
      }
    }
  });

  it('should type every success answer as the table types its surface', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const publicPath of publicPathsOf(path, item)) {
        const { mediaType, id } = findSurface(publicPath);
        for (const [method, operation] of Object.entries(item)) {
          if (method === 'servers') continue;
          const ok = (operation as Operation).responses['200'] as
            { content?: Record<string, unknown> } | undefined;
          if (!ok?.content) continue;
          expect(mediaType, `${id} has a media type`).toBeDefined();
          expect(Object.keys(ok.content), `${method} ${publicPath}`).toEqual([
            MEDIA_TYPES[mediaType ?? 'json'].split(';')[0],
          ]);
        }
      }
    }
  });

  it("should show A2A requests of both versions that the endpoint's own schemas accept", () => {
    const body = (
      document.paths['/a2a']?.post as unknown as {
        requestBody: {
          content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }>;
        };
      }
    ).requestBody.content['application/json'];
    const examples = Object.values(body?.examples ?? {}).map((example) => example.value);
    expect(examples.map((example) => example.method)).toEqual(['SendMessage', 'message/send']);
    const [sendMessage, messageSend] = examples;
    expect(A2aSendMessageParamsSchema.safeParse(sendMessage?.params).success).toBe(true);
    expect(A2aLegacySendParamsSchema.safeParse(messageSend?.params).success).toBe(true);
    for (const example of examples) expect(JsonRpcRequestSchema.parse(example)).toEqual(example);
  });

  it('should document every listed API surface answered at its own path', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => publicPathsOf(path, item)),
    );
    const documentedSurfaces = new Set([...documented].map((path) => findSurface(path).id));
    for (const id of [
      'overview',
      'openapi',
      'llms-txt',
      'auth-md',
      'protected-resource',
      'protected-resource-mcp',
      'authorization-server',
      'api-catalog',
      'claim',
      'mcp',
      'a2a',
      'oauth-register',
      'oauth-token',
      'oauth-jwks',
      'oauth-authorize',
    ]) {
      expect(documentedSurfaces, id).toContain(id);
    }
  });
});

describe('the conditional reads', () => {
  type Read = {
    parameters?: { name: string; in: string }[];
    responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
  };
  const reads = Object.entries(document.paths).flatMap(([path, item]) => {
    const servers = item.servers ?? document.servers.slice(0, 1);
    const publicPaths = servers.map(
      (server) => `${new URL(server.url).pathname.replace(/\/$/, '')}${path}`,
    );
    const isFile = publicPaths.every(
      (publicPath) => findSurface(publicPath).answer.kind === 'file',
    );
    return (['get', 'head'] as const).flatMap((method) => {
      const operation = (item as Record<string, unknown>)[method] as Read | undefined;
      return operation ? [{ path: `${method} ${path}`, operation, isFile }] : [];
    });
  });

  it('should declare If-None-Match, the ETag and a 304 on every read of a prerendered file, and only there', () => {
    // Both kinds are present, so neither half of the check is vacuous.
    const conditional = reads.filter(({ isFile }) => isFile).map(({ path }) => path);
    expect(conditional).toEqual(
      expect.arrayContaining(['get /overview', 'head /.well-known/api-catalog']),
    );
    expect(reads.filter(({ isFile }) => !isFile).map(({ path }) => path)).toContain(
      'get /oauth/jwks',
    );
    for (const { path, operation, isFile } of reads) {
      const declared = operation.parameters?.some(
        (parameter) => parameter.name === 'If-None-Match' && parameter.in === 'header',
      );
      expect(declared === true, `If-None-Match of ${path}`).toBe(isFile);
      expect(operation.responses['304']?.$ref, `304 of ${path}`).toBe(
        isFile ? '#/components/responses/NotModified' : undefined,
      );
      expect(operation.responses['200']?.headers?.ETag !== undefined, `ETag of ${path}`).toBe(
        isFile,
      );
    }
    expect(document.components.responses.NotModified).toMatchObject({
      headers: { ETag: { schema: { type: 'string' } } },
    });
  });
});

describe('the 401 every operation declares', () => {
  it('should say that only the MCP and A2A endpoints verify a token, with an example from one', () => {
    const unauthorized = document.components.responses.Unauthorized as {
      description: string;
      content: Record<string, { example: { instance: string; code: string } }>;
    };
    expect(unauthorized.description).toContain('Only the MCP and A2A endpoints verify a token');
    expect(unauthorized.content[MEDIA_TYPES.problem]?.example).toMatchObject({
      code: 'invalid_token',
      instance: '/mcp',
    });
  });
});
