import type { Surface } from './surface-definitions.ts';
import { STATIC_FILE_METHODS } from './route-policies.ts';

/**
 * The surfaces of issue 28 (Markdown pages of the JSON documents, the MCP registry's
 * `server.json` and its namespace proof), kept in a module of their own so the route table stays one readable file; the
 * table places them after its other documents and before the unknown API paths.
 */
export const AGENT_DOCS_SURFACES: readonly Surface[] = [
  {
    // The Markdown page of each JSON document llms.txt names (src/documents/json-document-pages.ts).
    id: 'json-document-pages',
    paths: ['/documents/*.md'],
    sample: { path: '/documents/overview.md', status: 200 },
    answer: { kind: 'file' },
    mediaType: 'markdown',
    mediaTypeSource: 'route',
    cache: 'revalidate',
    cors: 'read-only',
    methods: STATIC_FILE_METHODS,
    listed: true,
  },
  {
    // server.json of the official MCP registry (src/documents/mcp-registry-server.ts).
    id: 'mcp-registry-server',
    paths: ['/.well-known/mcp/server.json'],
    sample: { path: '/.well-known/mcp/server.json', status: 200 },
    answer: { kind: 'file' },
    document: 'mcpRegistryServer',
    mediaType: 'json',
    mediaTypeSource: 'route',
    cache: 'metadata',
    cors: 'read-only',
    methods: STATIC_FILE_METHODS,
    listed: true,
  },
  {
    // The MCP registry's HTTP namespace proof, from MCP_REGISTRY_PUBLIC_KEY: a function, since the
    // key belongs to the environment, not the build; 404 without it.
    id: 'mcp-registry-auth',
    paths: ['/.well-known/mcp-registry-auth'],
    sample: { path: '/.well-known/mcp-registry-auth', status: 404 },
    answer: { kind: 'function', name: 'mcp-registry-auth' },
    // No one media type: text/plain with a key, a problem (the sample) without; the function sets it.
    mediaTypeSource: 'function',
    cache: 'set-by-function',
    cors: 'set-by-function',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    listed: true,
  },
];
