import { listErrorCatalogue, type CatalogueEntry } from '../service/error-catalogue.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';
import { buildProblem } from './problem.ts';

/** One section of an error page: a heading, its paragraphs and an optional list. */
export interface ErrorPageSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly items?: readonly string[];
}

/** What an error's page at /errors/<code> shows; the HTML page and its Markdown version render it. */
export interface ErrorPage {
  readonly entry: CatalogueEntry;
  readonly title: string;
  /** The meta description: status, meaning and what the page holds (50+ characters). */
  readonly description: string;
  /** The body an agent receives, described in one sentence. */
  readonly bodyKind: string;
  readonly sections: readonly ErrorPageSection[];
  /** The request path the example body answers. */
  readonly exampleInstance: string;
  /** An example body, pretty-printed JSON. */
  readonly example: string;
}

/** Why a request usually gets each status here, beyond the error's own hint. */
const CAUSES_BY_STATUS: Readonly<Record<number, readonly string[]>> = {
  400: [
    'A required parameter is missing or repeated, or a value does not have the documented form.',
    'The body is not in the media type the endpoint reads.',
  ],
  401: ['A client credential or token was altered, has expired, or was issued by another server.'],
  403: ['A browser or proxy sends an Origin or Host header this site does not serve.'],
  404: [
    'A link to an address that moved, or a request built from an outdated OpenAPI description.',
  ],
  405: ['A POST sent to a read-only document, or a GET sent to an endpoint that only takes POST.'],
  408: ['A slow or stalled client, or a proxy that holds the request back.'],
  413: ['A batch of many JSON-RPC messages, or a body sent to the wrong endpoint.'],
  414: ['A client that appends large query strings, or a redirect loop that grows the URL.'],
  415: ['A form-encoded or text body sent where JSON is expected, or no Content-Type header.'],
  417: ['An HTTP client that sends an Expect header other than 100-continue.'],
  429: ['Polling in a tight loop, or many agents sharing one client address.'],
  431: ['Large cookies set by another site on the same domain, or many custom headers.'],
  500: ['A fault of the service; nothing about the request causes it.'],
  503: ['A service whose OAuth setup is incomplete, or a server at its connection limit.'],
};

/** The request an example body answers: where each kind of error is most often met. */
function readExampleInstance(entry: CatalogueEntry): string {
  if (entry.body === 'oauth')
    return entry.code === 'invalid_client_metadata' || entry.code === 'invalid_redirect_uri'
      ? '/oauth/register'
      : '/oauth/token';
  if (entry.code === 'not_found') return '/api/v1/no-such-resource';
  if (entry.code === 'signing_keys_missing') return '/oauth/register';
  // invalid_token too: /mcp and /a2a are the endpoints that verify a bearer token sent to them.
  return '/mcp';
}

/** An example of the body this error comes in, as the service would send it. */
function buildExampleBody(origin: string, entry: CatalogueEntry, instance: string): string {
  const problem = buildProblem(origin, { ...entry, instance });
  const body =
    entry.body === 'oauth'
      ? {
          error: entry.code,
          error_description: entry.detail,
          error_uri: buildErrorTypeUrl(origin, entry.code),
          ...problem,
        }
      : problem;
  return JSON.stringify(body, null, 2);
}

/**
 * Builds the page of one error: what it means, its common causes, how to recover and an example
 * body, from the error catalogue the service answers with.
 * @see RFC 9457 §3.1.1 (a problem type's URI should resolve to human-readable documentation)
 */
export function buildErrorPage(origin: string, entry: CatalogueEntry): ErrorPage {
  const exampleInstance = readExampleInstance(entry);
  const causes = [...(entry.hint ? [entry.hint] : []), ...(CAUSES_BY_STATUS[entry.status] ?? [])];
  const bodyKind =
    entry.body === 'problem'
      ? `An RFC 9457 problem details object (application/problem+json) with code "${entry.code}".`
      : `An OAuth error body (application/json, RFC 6749 §5.2, RFC 7591 §3.2.2) with error "${entry.code}", carrying the problem members as well.`;
  return {
    entry,
    title: `Error ${entry.code} (${entry.status} ${entry.title})`,
    description: `HTTP ${entry.status} ${entry.title}, code ${entry.code}: ${entry.detail} What it means, common causes and how to recover.`,
    bodyKind,
    sections: [
      { heading: 'What it means', paragraphs: [entry.detail, bodyKind] },
      { heading: 'Common causes', paragraphs: [], items: causes },
      {
        heading: 'How to recover',
        paragraphs: [
          entry.resolution ?? 'Correct the request as the OpenAPI description shows.',
          'The body names this page in its type member, so an agent can read these steps from there.',
        ],
      },
    ],
    exampleInstance,
    example: buildExampleBody(origin, entry, exampleInstance),
  };
}

/** The page of every error in the catalogue, in catalogue order. */
export function buildErrorPages(origin: string): ErrorPage[] {
  return listErrorCatalogue().map((entry) => buildErrorPage(origin, entry));
}

/** The copy of the /errors index page, shared by the HTML page and its Markdown version. */
export const ERRORS_INDEX_COPY = {
  title: 'Errors',
  heading: 'Errors',
  description:
    'Every error the service answers with: its HTTP status, its body, what it means and how an agent or developer recovers from it.',
  intro:
    'Errors on API paths are RFC 9457 problem details whose type links to a page here. The OAuth token and registration endpoints answer OAuth error bodies, which carry the same members, and the MCP endpoint answers JSON-RPC errors inside a JSON-RPC response.',
  problemHeading: 'HTTP errors',
  jsonRpcHeading: 'JSON-RPC errors at the MCP endpoint',
} as const;
