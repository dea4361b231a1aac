import type { ServiceUrls } from '../service/urls.ts';

/** One way into the service, as /developers shows it as a card (and its Markdown version lists). */
export interface DeveloperWayIn {
  readonly title: string;
  readonly text: string;
  /** A one-line sample, a shell command. */
  readonly sample: string;
  /** Where the way is explained in full. */
  readonly link: { readonly href: string; readonly label: string };
}

/** The heading of the cards on /developers and in /developers.md. */
export const WAYS_IN_HEADING = 'Three ways in';

/**
 * The three ways into the service (REST, MCP, llms.txt), each with a one-line sample and where to
 * read on; the samples are commands a reader can paste as they are.
 * @see issue 27 item 4 (/developers as a landing for developers)
 */
export function listDeveloperWaysIn(urls: ServiceUrls, serverKey: string): DeveloperWayIn[] {
  return [
    {
      title: 'REST API',
      text: 'Versioned JSON over HTTPS: the company overview and the OpenAPI description.',
      sample: `curl ${urls.overview}`,
      link: { href: '#rest-quickstart', label: 'REST quickstart' },
    },
    {
      title: 'MCP endpoint',
      text: 'Tools for AI assistants over streamable HTTP, anonymous and stateless.',
      sample: `claude mcp add --transport http ${serverKey} ${urls.mcp}`,
      link: { href: '#mcp-quickstart', label: 'MCP quickstart' },
    },
    {
      title: 'llms.txt',
      text: 'A plain-text index of the site for agents, and the full text beside it.',
      sample: `curl ${urls.llmsTxt}`,
      link: { href: '#resources', label: 'Resources for agents' },
    },
  ];
}
