/**
 * The glossary at /glossary: the protocol and format terms a reader meets on this site. The terms
 * describe the standards the code implements, not the company, so they live beside the code that
 * implements them rather than in content/ (which a site owner edits for the company's facts).
 */

/** One glossary term: its anchor, name, definition and where the definition comes from. */
export interface GlossaryTerm {
  /** The anchor of the term on /glossary (`/glossary#<id>`). */
  readonly id: string;
  readonly term: string;
  readonly definition: string;
  /** Where the term is defined: a specification's name and address. */
  readonly source: { readonly name: string; readonly url: string };
  /** Where this site uses it (a root-relative path). */
  readonly seeAlso?: { readonly label: string; readonly path: string };
}

/** The copy of the glossary page, shared by the HTML page and its Markdown version. */
export const GLOSSARY_COPY = {
  title: 'Glossary',
  heading: 'Glossary',
  description:
    'The terms a reader of this developer portal meets, from MCP and streamable HTTP to problem details, llms.txt and Content Signals, each defined in a sentence or two with its source.',
  intro:
    'Each term has an anchor, so a page or an agent can link straight to its definition, and names the specification that defines it.',
} as const;

/** The sentence /docs links the glossary with (the page and its Markdown version). */
export const GLOSSARY_SENTENCE =
  'The terms used here (MCP, problem details, PKCE and more) are defined in the';

/** Every term, alphabetically. */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'agent-skills',
    term: 'Agent skills',
    definition:
      'A SKILL.md file that teaches an agent one task, listed with its SHA-256 digest in an index at /.well-known/agent-skills/index.json so an agent can verify what it loads.',
    source: {
      name: 'Agent Skills discovery RFC (draft)',
      url: 'https://github.com/cloudflare/agent-skills-discovery-rfc',
    },
    seeAlso: { label: 'agent-skills index', path: '/.well-known/agent-skills/index.json' },
  },
  {
    id: 'api-catalog',
    term: 'API catalog',
    definition:
      'A linkset at /.well-known/api-catalog that lists the APIs an origin offers and links each to its description and documentation.',
    source: { name: 'RFC 9727', url: 'https://www.rfc-editor.org/rfc/rfc9727' },
    seeAlso: { label: 'API catalog', path: '/.well-known/api-catalog' },
  },
  {
    id: 'content-signals',
    term: 'Content Signals',
    definition:
      'A Content-Signal line in robots.txt stating whether the content may be used for search, as AI input and for AI training; this site states the same preferences as an AIPREF Content-Usage header.',
    source: { name: 'Content Signals (draft)', url: 'https://contentsignals.org/' },
    seeAlso: { label: 'robots.txt', path: '/robots.txt' },
  },
  {
    id: 'json-rpc',
    term: 'JSON-RPC 2.0',
    definition:
      'The message format MCP uses: a request names a method and carries params and an id; the response carries a result or an error object with a numeric code.',
    source: { name: 'JSON-RPC 2.0', url: 'https://www.jsonrpc.org/specification' },
    seeAlso: { label: 'JSON-RPC errors', path: '/errors#json-rpc' },
  },
  {
    id: 'llms-txt',
    term: 'llms.txt',
    definition:
      'A Markdown index at /llms.txt that tells a language model what a site is and links the documents worth reading, preferably as Markdown.',
    source: { name: 'llmstxt.org', url: 'https://llmstxt.org/' },
    seeAlso: { label: 'llms.txt', path: '/llms.txt' },
  },
  {
    id: 'markdown-negotiation',
    term: 'Markdown negotiation',
    definition:
      'Answering a page URL with its Markdown version when the request prefers text/markdown in its Accept header; every page here also has its Markdown version at <path>.md.',
    source: {
      name: 'RFC 9110 §12.5.1',
      url: 'https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1',
    },
    seeAlso: { label: 'Markdown sitemap', path: '/sitemap.md' },
  },
  {
    id: 'mcp',
    term: 'MCP (Model Context Protocol)',
    definition:
      'An open protocol through which an AI application discovers and calls the tools, resources and prompts a server offers; this site offers read-only tools over its public facts.',
    source: {
      name: 'Model Context Protocol',
      url: 'https://modelcontextprotocol.io/specification',
    },
    seeAlso: { label: 'MCP endpoint', path: '/mcp' },
  },
  {
    id: 'oauth-client-credentials',
    term: 'OAuth client credentials',
    definition:
      'The OAuth 2.0 grant in which a client asks the token endpoint for an access token on its own behalf, with no user involved; here it yields an optional anonymous token.',
    source: { name: 'RFC 6749 §4.4', url: 'https://www.rfc-editor.org/rfc/rfc6749#section-4.4' },
    seeAlso: { label: 'auth.md', path: '/auth.md' },
  },
  {
    id: 'openapi',
    term: 'OpenAPI',
    definition:
      'A machine-readable description of an HTTP API: its paths, operations, parameters, bodies and errors; this site publishes an OpenAPI 3.1 document.',
    source: { name: 'OpenAPI 3.1', url: 'https://spec.openapis.org/oas/v3.1.0' },
    seeAlso: { label: 'OpenAPI description', path: '/openapi.json' },
  },
  {
    id: 'pkce',
    term: 'PKCE',
    definition:
      'Proof Key for Code Exchange: the client sends a hash of a secret with the authorization request and the secret itself when it redeems the code, so a stolen code is useless.',
    source: { name: 'RFC 7636', url: 'https://www.rfc-editor.org/rfc/rfc7636' },
    seeAlso: { label: 'invalid_grant', path: '/errors/invalid_grant' },
  },
  {
    id: 'problem-details',
    term: 'Problem details',
    definition:
      'A JSON error body (application/problem+json) with type, title, status, detail and instance members; its type is the URL of a page that explains the error.',
    source: { name: 'RFC 9457', url: 'https://www.rfc-editor.org/rfc/rfc9457' },
    seeAlso: { label: 'every error', path: '/errors' },
  },
  {
    id: 'protected-resource-metadata',
    term: 'Protected resource metadata',
    definition:
      'A JSON document at /.well-known/oauth-protected-resource naming the authorization servers, scopes and bearer methods a resource accepts.',
    source: { name: 'RFC 9728', url: 'https://www.rfc-editor.org/rfc/rfc9728' },
    seeAlso: {
      label: 'protected resource metadata',
      path: '/.well-known/oauth-protected-resource',
    },
  },
  {
    id: 'server-card',
    term: 'Server card',
    definition:
      'A JSON document describing an MCP server before connecting to it: its name, version, endpoint, transport and tools.',
    source: {
      name: 'MCP SEP-1649 and SEP-2127 (draft)',
      url: 'https://github.com/modelcontextprotocol/modelcontextprotocol',
    },
    seeAlso: { label: 'server card', path: '/.well-known/mcp/server-card.json' },
  },
  {
    id: 'streamable-http',
    term: 'Streamable HTTP',
    definition:
      'The MCP transport in which a client POSTs each JSON-RPC message to one endpoint URL and reads the answer as JSON or as a server-sent event stream.',
    source: {
      name: 'MCP transports',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports',
    },
    seeAlso: { label: 'MCP endpoint', path: '/mcp' },
  },
  {
    id: 'webmcp',
    term: 'WebMCP',
    definition:
      'A browser API through which a web page registers tools an AI agent in the browser can call; each page here registers read-only tools.',
    source: { name: 'WebMCP (draft)', url: 'https://webmachinelearning.github.io/webmcp/' },
  },
];
