import type { Surface } from './routes.ts';
import { STATIC_FILE_METHODS } from './route-policies.ts';

/**
 * The surfaces of issue 28 (Markdown pages of the JSON documents, the MCP registry's
 * `server.json`), kept in a module of their own so the route table stays one readable file; the
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
];
