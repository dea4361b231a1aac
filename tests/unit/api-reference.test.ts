import { describe, expect, it } from 'vitest';
import {
  buildOperationCommands,
  describeSchemaType,
  groupOperationsByTag,
  listReferenceOperations,
  listSchemaFields,
  splitProse,
} from '../../src/reference/api-reference.ts';
import { buildOpenApiDocument } from '../../src/documents/openapi/openapi-document.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/service/rate-limit-policy.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const urls = buildServiceUrls('https://facts.example.com');
const document = buildOpenApiDocument(await loadFixtureContent('rich'), urls, DEFAULT_RATE_LIMIT);
const operations = listReferenceOperations(document);
const byId = (id: string) => {
  const operation = operations.find((candidate) => candidate.operationId === id);
  if (!operation) throw new Error(`no operation ${id}`);
  return operation;
};

describe('listReferenceOperations', () => {
  it('should list every operation of the document, with its full URL', () => {
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const declared = Object.values(paths).flatMap((item) =>
      ['get', 'head', 'post'].filter((method) => method in item),
    );
    expect(operations).toHaveLength(declared.length);
    expect(byId('getOverview').url).toBe(urls.overview);
    expect(byId('postMcpMessage').url).toBe(urls.mcp);
  });

  it('should resolve shared error responses and keep their component name', () => {
    const notFound = byId('getOverview').responses.find((response) => response.status === '404');
    expect(notFound).toMatchObject({
      component: 'NotFound',
      description: 'Not Found',
      body: { mediaType: 'application/problem+json', ref: 'Problem' },
    });
  });

  it('should keep request examples with their summaries', () => {
    expect(byId('postMcpMessage').requestBody?.examples.map((example) => example.name)).toEqual([
      'initialize',
      'toolsList',
    ]);
  });
});

describe('groupOperationsByTag', () => {
  it('should put every operation under one of the document tags', () => {
    const grouped = groupOperationsByTag(document).flatMap((tag) => tag.operations);
    expect(grouped).toHaveLength(operations.length);
  });
});

describe('buildOperationCommands', () => {
  it('should call a GET operation without input with plain curl', () => {
    expect(buildOperationCommands(byId('getOverview'))).toEqual([
      { label: 'Get the company overview', command: `curl -s ${urls.overview}` },
    ]);
  });

  it('should send each JSON request example, with the Accept header asked for', () => {
    const [initialize] = buildOperationCommands(byId('postMcpMessage'), {
      accept: 'application/json, text/event-stream',
    });
    expect(initialize?.command).toContain(`-H 'Accept: application/json, text/event-stream'`);
    expect(initialize?.command).toContain(`"method":"initialize"`);
  });

  it('should send form examples as -d fields', () => {
    expect(buildOperationCommands(byId('requestToken'))[0]?.command).toBe(
      `curl -s -X POST ${urls.oauthToken} \\\n  -d grant_type=client_credentials \\\n  -d client_id=<CLIENT_ID>`,
    );
  });

  it('should give no command for an operation with required parameters', () => {
    expect(buildOperationCommands(byId('authorize'))).toEqual([]);
  });
});

describe('describeSchemaType', () => {
  it('should name references, arrays, formats and constants', () => {
    expect(describeSchemaType({ $ref: '#/components/schemas/Problem' })).toEqual({
      type: 'Problem',
      ref: 'Problem',
    });
    expect(describeSchemaType({ type: 'array', items: { type: 'string' } }).type).toBe(
      'array of string',
    );
    expect(describeSchemaType({ type: 'string', format: 'uri' }).type).toBe('string (uri)');
    expect(describeSchemaType({ const: '2.0' }).type).toBe('"2.0"');
  });
});

describe('listSchemaFields', () => {
  it('should list the properties of an object schema and which are required', () => {
    const fields = listSchemaFields({
      type: 'object',
      properties: { a: { type: 'string', description: 'A' }, b: { type: 'integer' } },
      required: ['a'],
    });
    expect(fields).toEqual([
      { name: 'a', type: 'string', required: true, description: 'A' },
      { name: 'b', type: 'integer', required: false, description: '' },
    ]);
  });
});

describe('splitProse', () => {
  it('should split paragraphs and code spans', () => {
    expect(splitProse('One `two`\nthree.\n\nFour.')).toEqual([
      [
        { code: false, text: 'One ' },
        { code: true, text: 'two' },
        { code: false, text: ' three.' },
      ],
      [{ code: false, text: 'Four.' }],
    ]);
  });
});
